package tutor

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

// Endgames builds the endgame databases (English checkers and Russian
// draughts) once, in a goroutine, the
// first time it is asked for, and shares it between sessions. It is safe
// for concurrent use. The zero value is not usable: call NewEndgames.
type Endgames struct {
	build func() (engine.Prober, error)

	once sync.Once
	done chan struct{}
	db   engine.Prober
	err  error
}

// NewEndgames returns lazily built endgame databases of English checkers
// and Russian draughts (five pieces each), read with engine.NewEndgameDB
// from the tables shipped in the program: the English one when the build
// starts (about 0.1 s), the Russian one only once a Russian position is
// first probed, so that a learner who never plays Russian does not carry
// its 13 MB.
func NewEndgames() *Endgames {
	return NewEndgamesFrom(func() (engine.Prober, error) {
		en, err := engine.NewEndgameDB(engine.English)
		if err != nil {
			return nil, err
		}
		return &bothDBs{en: en}, nil
	})
}

// bothDBs answers English positions from en and Russian ones from the
// Russian database, which the first Russian probe starts reading in the
// background; until it is read, Russian positions are not covered.
type bothDBs struct {
	en     *engine.EndgameDB
	ruOnce sync.Once
	ru     atomic.Pointer[engine.EndgameDB]
}

func (b *bothDBs) Probe(p *engine.Position) (engine.WDL, int, bool) {
	switch p.Variant() {
	case engine.English:
		return b.en.Probe(p)
	case engine.Russian:
		if db := b.ru.Load(); db != nil {
			return db.Probe(p)
		}
		b.ruOnce.Do(func() {
			go func() {
				if db, err := engine.NewEndgameDB(engine.Russian); err == nil {
					b.ru.Store(db)
				}
			}()
		})
	}
	return engine.DrawWDL, 0, false
}

// MaxPieces is the most pieces either database covers.
func (b *bothDBs) MaxPieces() int { return b.en.MaxPieces() }

// Covers reports whether the databases hold variant v.
func (b *bothDBs) Covers(v *engine.Variant) bool { return v == engine.English || v == engine.Russian }

// NewEndgamesFrom returns an Endgames whose database is made by build
// (tests pass a small fake).
func NewEndgamesFrom(build func() (engine.Prober, error)) *Endgames {
	return &Endgames{build: build, done: make(chan struct{})}
}

// Start begins the build in a goroutine unless it has begun already. It
// returns at once.
func (e *Endgames) Start() {
	e.once.Do(func() {
		go func() {
			db, err := e.build()
			e.db, e.err = db, err
			close(e.done)
		}()
	})
}

// Ready returns the database for variant v if it is built, and starts the
// build otherwise (then it returns nil, false). English and Russian have a
// database, International none.
func (e *Endgames) Ready(v *engine.Variant) (engine.Prober, bool) {
	if e == nil || v != engine.English && v != engine.Russian {
		return nil, false
	}
	e.Start()
	select {
	case <-e.done:
		if e.err != nil || e.db == nil {
			return nil, false
		}
		// a database that says which variants it covers (the real ones)
		// is asked; one that does not (a test's) is English only
		if c, ok := e.db.(interface{ Covers(*engine.Variant) bool }); ok {
			return e.db, c.Covers(v)
		}
		return e.db, v == engine.English
	default:
		return nil, false
	}
}

// Wait starts the build if needed and waits until it ends or ctx is done.
func (e *Endgames) Wait(ctx context.Context) (engine.Prober, error) {
	e.Start()
	select {
	case <-e.done:
		return e.db, e.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Prober returns a Prober that answers from the database once it is built
// and reports "not covered" until then (starting the build on first use).
// Solvers and searches made before the build ends can hold it and get exact
// answers as soon as they exist.
func (e *Endgames) Prober() engine.Prober { return lateProber{e} }

type lateProber struct{ e *Endgames }

func (l lateProber) Probe(p *engine.Position) (engine.WDL, int, bool) {
	db, ok := l.e.Ready(p.Variant())
	if !ok {
		return engine.DrawWDL, 0, false
	}
	return db.Probe(p)
}

// Solver returns the puzzle solver the sessions of the app use: the
// engine's search, with the endgame database once it is built. It keeps
// memory modest (unlike the exhaustive solver, which tests use).
func (e *Endgames) Solver() puzzles.Solver {
	return puzzles.NewSearchSolver(e.Prober())
}
