package tutor

import (
	"fmt"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// Clock tells the time. Sessions and Progress take one so that tests can
// fix the date (review queue, saved games, PDN dates).
type Clock interface {
	Now() time.Time
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// FixedClock is a clock that only moves when told; it is safe for
// concurrent use.
type FixedClock struct {
	mu sync.Mutex
	t  time.Time
}

// NewFixedClock returns a clock standing at t.
func NewFixedClock(t time.Time) *FixedClock { return &FixedClock{t: t} }

// Now returns the clock's time.
func (c *FixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *FixedClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func clockOr(c Clock) Clock {
	if c == nil {
		return SystemClock{}
	}
	return c
}

// SquareName writes square s of variant v in notation n: "14" or "c3".
func SquareName(v *engine.Variant, s engine.Square, n engine.Notation) string {
	if n == engine.AlgebraicNotation && v.Size == 8 {
		return v.AlgebraicSquare(s)
	}
	return fmt.Sprint(int(s))
}

// NotationFor returns the notation players of v usually write: algebraic
// for Russian draughts, numbers otherwise.
func NotationFor(v *engine.Variant) engine.Notation {
	if v.Algebraic {
		return engine.AlgebraicNotation
	}
	return engine.Numeric
}

// posOf lets a method with a pointer receiver be called on a returned
// Position.
func posOf(p engine.Position) *engine.Position { return &p }
