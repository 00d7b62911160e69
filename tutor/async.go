package tutor

import (
	"context"
	"sync"
)

// background runs a session's moves in goroutines that close cancels and
// waits for (the PlayAsync and Close of lessons and puzzles).
type background struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// start makes the context the goroutines run under.
func (b *background) start() { b.ctx, b.cancel = context.WithCancel(context.Background()) }

// play runs play in a goroutine and hands its answer to done, from that
// goroutine, unless close came first.
func (b *background) play(play func(context.Context) (Feedback, error), done func(Feedback, error)) {
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		fb, err := play(b.ctx)
		if b.ctx.Err() != nil {
			return
		}
		done(fb, err)
	}()
}

// close cancels the goroutines in progress and waits for them.
func (b *background) close() {
	b.cancel()
	b.wg.Wait()
}
