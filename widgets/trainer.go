package widgets

import (
	"context"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// trainer is what the lesson and puzzle views share: the board the learner
// moves on, the texts with the feedback banner under them, the hint
// button, and the work that runs in the background for them (the tutor's
// verdicts and hints, the moves shown one after another).
//
// The banner is one of the scrolling texts, never a part of
// the panel's fixed height, so that a sentence appearing there never
// makes the board smaller; the texts scroll to show it.
type trainer struct {
	s      *Services
	board  *Board
	banner *feedbackBanner
	texts  *fyne.Container   // the column of texts, the banner in it
	scroll *container.Scroll // scrolls texts
	hint   *actionButton
	root   fyne.CanvasObject

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// gen counts what was shown (steps, puzzles, retries): an answer for
	// an older one is dropped.
	gen  int
	busy bool // a move is being judged or shown
	seq  sequence
}

// initTrainer sets up t for board, with texts shown in a scrolling
// column: those above the banner, the banner, and those below it.
func (t *trainer) initTrainer(s *Services, board *Board, above []fyne.CanvasObject, below ...fyne.CanvasObject) {
	t.s, t.board = s, board
	t.ctx, t.cancel = context.WithCancel(context.Background())
	t.seq.do = s.do
	t.banner = newFeedbackBanner()
	t.banner.changed = t.bannerChanged
	texts := append(append(above, t.banner), below...)
	t.texts = container.NewVBox(texts...)
	t.scroll = container.NewVScroll(t.texts)
}

// stop drops whatever is on its way: moves being shown, answers and
// searches. The view then closes its session and waits for t.wg.
func (t *trainer) stop() {
	t.seq.stop()
	t.gen++
	t.cancel()
}

// async runs work in a goroutine that the view waits for on close.
func (t *trainer) async(work func()) {
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		work()
	}()
}

// onUI runs f on the Fyne goroutine, unless what was shown at gen has
// been replaced by then.
func (t *trainer) onUI(gen int, f func()) {
	t.s.do(func() {
		if gen == t.gen {
			f()
		}
	})
}

// playMove shows the learner's move m at once, has judge rule on it in the
// background, and hands the verdict to answer on the Fyne goroutine with
// the position before the move.
func (t *trainer) playMove(m engine.Move, judge func(context.Context, engine.Move) (tutor.Feedback, error),
	answer func(before engine.Position, m engine.Move, fb tutor.Feedback, err error)) {
	t.busy = true
	before := t.board.GamePosition()
	after := before
	after.Play(&m)
	t.board.SetInteractive(false)
	t.board.SetPositionAnimated(after, m)
	sound(t.s, moveSound(&m))
	gen := t.gen
	t.async(func() {
		fb, err := judge(t.ctx, m)
		t.onUI(gen, func() { answer(before, m, fb, err) })
	})
}

// judgeFailed shows why a move could not be judged and puts the board
// back at pos.
func (t *trainer) judgeFailed(err error, pos engine.Position) {
	t.banner.set(feedbackMistake, err.Error(), 0)
	t.board.SetPosition(pos)
}

// verdict shows the tutor's verdict on a move in text: green (with stars)
// for a good move, with the success sound when it solves; red with the
// mistake sound for a wrong or repeated one; neutral otherwise.
func (t *trainer) verdict(fb tutor.Feedback, text string, stars int) {
	switch fb.Kind {
	case tutor.FeedbackCorrect, tutor.FeedbackAlternative:
		t.banner.set(feedbackSuccess, text, stars)
		if fb.Solved {
			sound(t.s, SoundSuccess)
		}
	case tutor.FeedbackWrong, tutor.FeedbackRepeated:
		t.banner.set(feedbackMistake, text, 0)
		sound(t.s, SoundMistake)
	default:
		t.banner.set(feedbackInfo, text, 0)
	}
}

// mistake says in red what was wrong, with the mistake sound; an empty
// text says nothing.
func (t *trainer) mistake(text string) {
	if text == "" {
		return
	}
	t.banner.set(feedbackMistake, text, 0)
	sound(t.s, SoundMistake)
}

// showAnswer shows the answer to the learner's move m, played on before
// (see answerBeats), then runs done.
func (t *trainer) showAnswer(before engine.Position, m engine.Move, fb tutor.Feedback, final engine.Position, done func()) {
	t.seq.play(answerBeats(t.board, before, m, fb, final, done))
}

// fetchHint asks hint for the next hint in the background, with the hint
// button off meanwhile, and hands it to show on the Fyne goroutine; an
// error is said in the banner.
func (t *trainer) fetchHint(hint func(context.Context) (tutor.Hint, error), show func(tutor.Hint)) {
	gen := t.gen
	t.hint.Disable()
	t.async(func() {
		h, err := hint(t.ctx)
		t.onUI(gen, func() {
			t.hint.Enable()
			if err != nil {
				t.banner.set(feedbackInfo, err.Error(), 0)
				return
			}
			show(h)
		})
	})
}

// bannerChanged lays the screen out again and scrolls the texts to the
// banner when it shows.
func (t *trainer) bannerChanged() {
	relayout(t.root)
	if t.banner.Visible() {
		t.reveal(t.banner)
	}
}

// reveal scrolls the texts so that o, one of them, is seen: all of it when
// it fits, else its top.
func (t *trainer) reveal(o fyne.CanvasObject) {
	if t.scroll == nil {
		return
	}
	t.texts.Refresh()
	top := o.Position().Y
	bottom := top + o.Size().Height
	view := t.scroll.Size().Height
	off := t.scroll.Offset.Y
	if bottom > off+view {
		off = bottom - view
	}
	off = max(min(off, top), 0)
	if off != t.scroll.Offset.Y {
		t.scroll.ScrollToOffset(fyne.NewPos(0, off))
	}
}
