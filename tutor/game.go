package tutor

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// GameMode says who plays a game.
type GameMode uint8

const (
	// VersusAI: the learner plays one side, the engine the other.
	VersusAI GameMode = iota
	// TwoPlayers: two people take turns on one device.
	TwoPlayers
)

// DefaultMoveLimit is seed 002's house rule: a game still running after 100
// moves by each side is drawn ("nach 200 Zügen (100 jeder)").
const DefaultMoveLimit = 100

// GameConfig sets up a game.
type GameConfig struct {
	// Variant is the rule set; nil means English checkers.
	Variant *engine.Variant
	// StartFEN is the start position; "" means the variant's.
	StartFEN string
	Mode     GameMode
	// Learner is the side the learner plays against the AI.
	Learner engine.Color
	// Level is the AI's strength, 1..10; 0 means engine.DefaultLevel.
	Level int
	// Words names the sides and squares in the texts, and sets their
	// language: the status sentences (GameView.Status.Text, Status and
	// OnGameOver), hints, draw answers and the review are in
	// Words.Language.
	Words Words
	// MoveLimit draws a game after this many moves by each side; 0 means
	// DefaultMoveLimit, a negative value switches the limit off.
	MoveLimit int
	// Seed makes the AI's choice of mistakes repeatable.
	Seed uint64
}

func (c *GameConfig) normalise() error {
	if c.Variant == nil {
		c.Variant = engine.English
	}
	if c.Level == 0 {
		c.Level = engine.DefaultLevel
	}
	if c.Level < 1 || c.Level > 10 {
		return fmt.Errorf("level %d: levels are 1 to 10", c.Level)
	}
	if c.Mode > TwoPlayers {
		return fmt.Errorf("unknown game mode %d", c.Mode)
	}
	if c.Learner > engine.Black {
		return fmt.Errorf("unknown colour %d", c.Learner)
	}
	if c.MoveLimit == 0 {
		c.MoveLimit = DefaultMoveLimit
	}
	return nil
}

// GameCallbacks are how a GameSession reports the work it does in the
// background. Each may be nil. They are called from the session's
// goroutines (or from the goroutine of the call that caused them), one at a
// time per session, never while the session is locked: a callback may call
// the session's methods. The app wraps each in fyne.Do.
type GameCallbacks struct {
	// OnThinking reports the AI's progress after each search iteration.
	OnThinking func(Thinking)
	// OnAIMove reports the AI's move, after it has been played.
	OnAIMove func(PlayedMove)
	// OnGameOver reports the end of the game, with the reason in words.
	OnGameOver func(engine.Status)
	// OnHint answers Hint.
	OnHint func(Hint)
	// OnDrawAnswer answers OfferDraw.
	OnDrawAnswer func(DrawAnswer)
	// OnReview answers Review.
	OnReview func(Review)
}

// Thinking is the AI's progress.
type Thinking struct {
	Depth int
	// Score is in hundredths of a man from the AI's point of view.
	Score int
	// Best is the move the AI prefers so far, in the game's notation.
	Best    string
	Elapsed time.Duration
}

// PlayedMove is a move made in a game.
type PlayedMove struct {
	Move engine.Move
	// Text is the move in the game's notation.
	Text string
	// Ply is the move's index in the game (0 for the first move).
	Ply int
	// Side is the colour that made it.
	Side engine.Color
}

// DrawAnswer is the AI's answer to a draw offer.
type DrawAnswer struct {
	Accepted bool
	// Text says it in a sentence.
	Text string
}

// GameDeps are the shared things a GameSession uses. All are optional.
type GameDeps struct {
	// Endgames is the shared endgame database (English, Russian); the AI, the hint
	// and the draw offer use it once it is built.
	Endgames *Endgames
	// Clock dates saved games and PDN exports.
	Clock Clock
	// Progress records the results of games against the AI and the
	// learner's first capture and first king.
	Progress *Progress
}

// GameSession is a game of the learner against the AI, or of two people
// on one device. All methods are safe for concurrent use and return
// quickly; the AI, hints, draw offers and the review run in goroutines
// and report through GameCallbacks. Close the session when the screen goes
// away: it cancels whatever is running.
type GameSession struct {
	cfg   GameConfig
	cb    GameCallbacks
	deps  GameDeps
	clock Clock

	ctx    context.Context
	cancel context.CancelFunc

	mu        sync.Mutex
	game      *engine.Game
	gen       uint64 // changes whenever the moves change other than by the AI's move
	thinking  bool
	aiCancel  context.CancelFunc
	busy      map[string]context.CancelFunc // hint, draw, review
	reported  bool                          // OnGameOver was sent for the current end
	recorded  bool                          // the result went to Progress
	cbMu      sync.Mutex                    // one callback at a time
	searcher  *engine.Searcher              // made on the AI's first move (aiSearcherLocked)
	searchMu  sync.Mutex                    // guards searcher
	closed    bool
	wg        sync.WaitGroup
	gameStart time.Time
}

// NewGameSession sets up a game. Call Start to let the AI make its first
// move when it begins.
func NewGameSession(cfg GameConfig, cb GameCallbacks, deps GameDeps) (*GameSession, error) {
	if err := cfg.normalise(); err != nil {
		return nil, err
	}
	start := cfg.Variant.StartPosition()
	if cfg.StartFEN != "" {
		p, err := engine.ParseFEN(cfg.Variant, cfg.StartFEN)
		if err != nil {
			return nil, fmt.Errorf("start position: %w", err)
		}
		start = p
	}
	s := newSession(cfg, cb, deps)
	s.game = engine.NewGameFrom(start, s.gameOptions())
	if s.game.Over() {
		return nil, fmt.Errorf("the start position %s is already decided", start.FEN())
	}
	return s, nil
}

func newSession(cfg GameConfig, cb GameCallbacks, deps GameDeps) *GameSession {
	ctx, cancel := context.WithCancel(context.Background())
	s := &GameSession{cfg: cfg, cb: cb, deps: deps, clock: clockOr(deps.Clock), ctx: ctx, cancel: cancel,
		busy: map[string]context.CancelFunc{}}
	s.gameStart = s.clock.Now()
	return s
}

func (s *GameSession) gameOptions() engine.GameOptions {
	limit := s.cfg.MoveLimit
	if limit < 0 {
		limit = 0
	}
	return engine.GameOptions{MoveLimit: limit, Names: s.cfg.Words.Names}
}

// Config returns the game's settings.
func (s *GameSession) Config() GameConfig { return s.cfg }

// Start lets the AI move if it is its turn. Call it once the callbacks
// are ready (after NewGameSession or ResumeGame).
func (s *GameSession) Start() {
	s.mu.Lock()
	s.maybeThinkLocked()
	s.mu.Unlock()
}

// GameView is a snapshot of a game for drawing.
type GameView struct {
	Position engine.Position
	Status   engine.Status
	// Moves are the moves played, in the game's notation.
	Moves []PlayedMove
	// Thinking is true while the AI searches its move.
	Thinking bool
	// LearnerToMove is true when the learner (or, with two players,
	// either person) may move now.
	LearnerToMove bool
	// Legal are the moves that may be played now (empty while the AI
	// thinks or after the end).
	Legal []engine.Move
}

// View returns the current state of the game.
func (s *GameSession) View() GameView {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.game.Position()
	v := GameView{Position: p, Status: s.cfg.Words.GameStatus(s.game), Thinking: s.thinking, Moves: s.playedLocked()}
	v.LearnerToMove = s.humanToMoveLocked()
	if v.LearnerToMove {
		v.Legal = p.LegalMoves()
	}
	return v
}

func (s *GameSession) playedLocked() []PlayedMove {
	moves := s.game.Moves()
	out := make([]PlayedMove, len(moves))
	for i := range moves {
		p := s.game.PositionAt(i)
		out[i] = PlayedMove{Move: moves[i], Text: s.cfg.Words.Move(&p, &moves[i]), Ply: i, Side: p.Turn()}
	}
	return out
}

func (s *GameSession) humanToMoveLocked() bool {
	if s.game.Over() || s.thinking || s.closed {
		return false
	}
	return s.cfg.Mode == TwoPlayers || posOf(s.game.Position()).Turn() == s.cfg.Learner
}

// ErrNotYourTurn is returned when the learner tries to move while the AI
// is to move or thinking.
var ErrNotYourTurn = errors.New("it is not your turn")

// ErrGameOver is returned for moves and offers after the end of the game.
var ErrGameOver = errors.New("the game is over")

// Play makes the learner's move m (with two players, the move of the side
// to move). If the game goes on and the AI is to move, it starts thinking
// and reports through OnThinking and OnAIMove. When the move ends the
// game, OnGameOver is called before Play returns.
func (s *GameSession) Play(m engine.Move) (PlayedMove, error) {
	s.mu.Lock()
	if s.game.Over() {
		s.mu.Unlock()
		return PlayedMove{}, ErrGameOver
	}
	if !s.humanToMoveLocked() {
		s.mu.Unlock()
		return PlayedMove{}, ErrNotYourTurn
	}
	p := s.game.Position()
	if err := s.game.Play(m); err != nil {
		s.mu.Unlock()
		return PlayedMove{}, err
	}
	s.gen++
	s.cancelBusyLocked()
	ply := s.game.Ply() - 1
	last := s.game.Moves()[ply]
	pm := PlayedMove{Move: last, Text: s.cfg.Words.Move(&p, &last), Ply: ply, Side: p.Turn()}
	s.noteMoveLocked(&p, &last)
	over := s.overLocked()
	s.maybeThinkLocked()
	s.mu.Unlock()
	if over != nil {
		s.call(func() { s.cb.OnGameOver(*over) }, s.cb.OnGameOver != nil)
	}
	return pm, nil
}

// PlayText plays a move typed in PDN ("11-15", "c3-d4").
func (s *GameSession) PlayText(text string) (PlayedMove, error) {
	s.mu.Lock()
	p := s.game.Position()
	over, mine := s.game.Over(), s.humanToMoveLocked()
	s.mu.Unlock()
	switch {
	case over:
		return PlayedMove{}, ErrGameOver
	case !mine:
		return PlayedMove{}, ErrNotYourTurn
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return PlayedMove{}, err
	}
	return s.Play(m)
}

// Explain says in a sentence why an attempted move (from the board's
// cells) is not legal; "" when it is.
func (s *GameSession) Explain(from, to engine.Coord, via ...engine.Coord) string {
	s.mu.Lock()
	p := s.game.Position()
	s.mu.Unlock()
	return s.cfg.Words.IllegalMessage(&p, p.Explain(from, to, via...))
}

// noteMoveLocked records achievements of the learner's own moves against
// the AI.
func (s *GameSession) noteMoveLocked(before *engine.Position, m *engine.Move) {
	pr := s.deps.Progress
	if pr == nil || s.cfg.Mode != VersusAI || before.Turn() != s.cfg.Learner {
		return
	}
	if m.IsCapture() {
		pr.Achieve(AchFirstCapture)
	}
	if m.Promotes {
		pr.Achieve(AchFirstKing)
	}
}

// overLocked returns the status to report if the game has just ended and
// it has not been reported yet; it records the result in Progress.
func (s *GameSession) overLocked() *engine.Status {
	if !s.game.Over() || s.reported {
		return nil
	}
	s.reported = true
	st := s.cfg.Words.GameStatus(s.game)
	if s.deps.Progress != nil && s.cfg.Mode == VersusAI && !s.recorded {
		s.recorded = true
		s.deps.Progress.RecordGame(s.cfg.Variant, s.cfg.Level, LearnerResult(st.Result, s.cfg.Learner))
	}
	return &st
}

// call runs a callback with the callback lock held, so that callbacks of
// one session never overlap.
func (s *GameSession) call(f func(), ok bool) {
	if !ok {
		return
	}
	s.cbMu.Lock()
	defer s.cbMu.Unlock()
	f()
}

// maybeThinkLocked starts the AI when it is to move.
func (s *GameSession) maybeThinkLocked() {
	if s.closed || s.thinking || s.game.Over() || s.cfg.Mode != VersusAI || posOf(s.game.Position()).Turn() == s.cfg.Learner {
		return
	}
	s.thinking = true
	ctx, cancel := context.WithCancel(s.ctx)
	s.aiCancel = cancel
	g := copyGame(s.game)
	gen := s.gen
	lim := engine.LevelFor(g.Variant(), s.cfg.Level).Limits(s.cfg.Seed + uint64(s.game.Ply()))
	// leave a core to the screen: on a 2-core machine level 10 thinks on one
	lim.Threads = min(lim.Threads, runtime.NumCPU()-1)
	if db, ok := s.deps.Endgames.Ready(s.cfg.Variant); ok {
		lim.Prober = db
	}
	root := g.Position()
	if s.cb.OnThinking != nil {
		lim.Progress = func(info engine.Info) {
			t := Thinking{Depth: info.Depth, Score: info.Score, Elapsed: info.Elapsed}
			if len(info.PV) > 0 {
				t.Best = s.cfg.Words.Move(&root, &info.PV[0])
			}
			s.call(func() { s.cb.OnThinking(t) }, true)
		}
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		s.searchMu.Lock()
		res := s.aiSearcherLocked().Search(ctx, g, lim)
		s.searchMu.Unlock()
		s.mu.Lock()
		if s.gen != gen || ctx.Err() != nil || s.closed {
			// taken back, closed or cancelled: the answer is stale
			if s.gen == gen {
				s.thinking = false
			}
			s.mu.Unlock()
			return
		}
		s.thinking = false
		s.aiCancel = nil
		p := s.game.Position()
		if err := s.game.Play(res.Move); err != nil {
			s.mu.Unlock()
			return
		}
		ply := s.game.Ply() - 1
		last := s.game.Moves()[ply]
		pm := PlayedMove{Move: last, Text: s.cfg.Words.Move(&p, &last), Ply: ply, Side: p.Turn()}
		over := s.overLocked()
		s.mu.Unlock()
		s.call(func() { s.cb.OnAIMove(pm) }, s.cb.OnAIMove != nil)
		if over != nil {
			s.call(func() { s.cb.OnGameOver(*over) }, s.cb.OnGameOver != nil)
		}
	}()
}

// copyGame replays g into a new Game that a goroutine may own.
func copyGame(g *engine.Game) *engine.Game {
	c := engine.NewGameFrom(g.Start(), g.Options())
	for _, m := range g.Moves() {
		if c.Play(m) != nil {
			break
		}
	}
	return c
}

// cancelAILocked stops the AI's search; its answer will be dropped.
func (s *GameSession) cancelAILocked() {
	if s.aiCancel != nil {
		s.aiCancel()
		s.aiCancel = nil
	}
	s.thinking = false
}

func (s *GameSession) cancelBusyLocked() {
	for k, c := range s.busy {
		c()
		delete(s.busy, k)
	}
}

// TakeBack undoes the learner's last move and the AI's reply to it (with
// two players, the last move). A search in progress is cancelled. It
// reports false when there is nothing to take back.
func (s *GameSession) TakeBack() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.game.Ply() == 0 {
		return false
	}
	if s.cfg.Mode == TwoPlayers {
		s.game.Undo()
	} else {
		if !s.learnerMovedLocked() {
			return false
		}
		// back to the learner's turn, before the learner's last move
		for s.game.Ply() > 0 {
			mover := posOf(s.game.PositionAt(s.game.Ply() - 1)).Turn()
			s.game.Undo()
			if mover == s.cfg.Learner {
				break
			}
		}
	}
	s.gen++
	s.cancelAILocked()
	s.cancelBusyLocked()
	s.reported, s.recorded = false, false
	return true
}

func (s *GameSession) learnerMovedLocked() bool {
	for i := 0; i < s.game.Ply(); i++ {
		if posOf(s.game.PositionAt(i)).Turn() == s.cfg.Learner {
			return true
		}
	}
	return false
}

// CanTakeBack reports whether TakeBack would undo anything.
func (s *GameSession) CanTakeBack() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cfg.Mode == TwoPlayers {
		return s.game.Ply() > 0
	}
	return s.learnerMovedLocked()
}

// Resign ends the game: the learner (with two players, the side to move)
// resigns. OnGameOver is called before it returns.
func (s *GameSession) Resign() error {
	s.mu.Lock()
	if s.game.Over() {
		s.mu.Unlock()
		return ErrGameOver
	}
	side := s.cfg.Learner
	if s.cfg.Mode == TwoPlayers {
		side = posOf(s.game.Position()).Turn()
	}
	s.cancelAILocked()
	s.cancelBusyLocked()
	s.gen++
	s.game.Resign(side)
	over := s.overLocked()
	s.mu.Unlock()
	if over != nil {
		s.call(func() { s.cb.OnGameOver(*over) }, s.cb.OnGameOver != nil)
	}
	return nil
}

// AgreeDraw ends a two-player game as a draw by agreement.
func (s *GameSession) AgreeDraw() error {
	s.mu.Lock()
	if s.game.Over() {
		s.mu.Unlock()
		return ErrGameOver
	}
	if s.cfg.Mode != TwoPlayers {
		s.mu.Unlock()
		return errors.New("against the AI, offer a draw with OfferDraw")
	}
	s.gen++
	s.game.AgreeDraw()
	over := s.overLocked()
	s.mu.Unlock()
	if over != nil {
		s.call(func() { s.cb.OnGameOver(*over) }, s.cb.OnGameOver != nil)
	}
	return nil
}

// Status returns the state of the game in words, in the language of the
// game's Words.
func (s *GameSession) Status() engine.Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg.Words.GameStatus(s.game)
}

// startTask runs f in a goroutine with a context cancelled by Close, by a
// move or take-back, or by another task of the same name.
func (s *GameSession) startTask(name string, f func(ctx context.Context, g *engine.Game, gen uint64)) {
	if c, ok := s.busy[name]; ok {
		c()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.busy[name] = cancel
	g := copyGame(s.game)
	gen := s.gen
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		f(ctx, g, gen)
	}()
}

// stale reports whether a task's answer no longer fits the game.
func (s *GameSession) stale(ctx context.Context, gen uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ctx.Err() != nil || s.gen != gen || s.closed
}

// aiTTMB is the size in MB of the transposition table of the AI at each
// level. Levels 1-6 search 7 plies at most (a few thousand positions), so
// 1 MB is ample; levels 7-10 get the table the strength ladder was
// measured with (engine.MatchConfig's default).
func aiTTMB(level int) int {
	if level <= 6 {
		return 1
	}
	return 8
}

// aiSearcherLocked returns the AI's searcher, made on first use so that a
// game between two people, or one that is only looked at, holds no table.
// The caller holds searchMu.
func (s *GameSession) aiSearcherLocked() *engine.Searcher {
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(aiTTMB(s.cfg.Level))
	}
	return s.searcher
}

// hintLimits are the search limits of hints and draw offers. Each makes
// its own table, garbage once it ends; 2 MB (65,536 entries) serves a
// 10-ply search within 400,000 nodes about as well as 8 MB did, without
// an 8 MB allocation at every hint.
var hintLimits = engine.Limits{Depth: 10, MoveTime: time.Second, Nodes: 400000, TTMB: 2}

// Hint asks the engine for a good move for the side to move; the answer
// comes through OnHint (a level-3 Hint with the move's arrow). It returns
// an error when it is not the learner's turn.
func (s *GameSession) Hint() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.game.Over() {
		return ErrGameOver
	}
	if !s.humanToMoveLocked() {
		return ErrNotYourTurn
	}
	words := s.cfg.Words
	prober, _ := s.deps.Endgames.Ready(s.cfg.Variant)
	s.startTask("hint", func(ctx context.Context, g *engine.Game, gen uint64) {
		lim := hintLimits
		lim.Prober = prober
		res := engine.Search(ctx, g, lim)
		if s.stale(ctx, gen) || res.Move.From == 0 {
			return
		}
		p := g.Position()
		h := words.moveHint(&p, res.Move, "")
		s.call(func() { s.cb.OnHint(h) }, s.cb.OnHint != nil)
	})
	return nil
}

// DrawMargin is the largest search score (hundredths of a man, either
// way) at which the AI judges a position drawn and accepts a draw offer.
const DrawMargin = 25

// OfferDraw offers the AI a draw. It answers through OnDrawAnswer: it
// accepts when the endgame database says the position is drawn, or when
// its search scores it within DrawMargin of equal; an accepted offer ends
// the game (OnGameOver follows).
func (s *GameSession) OfferDraw() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.game.Over():
		return ErrGameOver
	case s.cfg.Mode != VersusAI:
		return errors.New("with two players, agree a draw with AgreeDraw")
	case s.thinking:
		return ErrNotYourTurn
	}
	prober, _ := s.deps.Endgames.Ready(s.cfg.Variant)
	words := s.cfg.Words
	ai := s.cfg.Learner.Opponent()
	s.startTask("draw", func(ctx context.Context, g *engine.Game, gen uint64) {
		p := g.Position()
		drawn, decided := false, false
		if prober != nil {
			if v, _, ok := prober.Probe(&p); ok {
				drawn, decided = v == engine.DrawWDL, true
			}
		}
		if !decided {
			lim := hintLimits
			lim.Prober = prober
			res := engine.Search(ctx, g, lim)
			drawn = res.Score >= -DrawMargin && res.Score <= DrawMargin
		}
		if s.stale(ctx, gen) {
			return
		}
		ans := DrawAnswer{Accepted: drawn}
		var over *engine.Status
		if drawn {
			ans.Text = words.tr("draw-offer.accepted", "side", words.Names.Of(ai))
			s.mu.Lock()
			if s.gen == gen && !s.game.Over() {
				s.cancelAILocked()
				s.gen++
				s.game.AgreeDraw()
				over = s.overLocked()
			}
			s.mu.Unlock()
		} else {
			ans.Text = words.tr("draw-offer.declined", "side", words.Names.Of(ai))
		}
		s.call(func() { s.cb.OnDrawAnswer(ans) }, s.cb.OnDrawAnswer != nil)
		if over != nil {
			s.call(func() { s.cb.OnGameOver(*over) }, s.cb.OnGameOver != nil)
		}
	})
	return nil
}

// Close cancels the AI and every task, and waits for their goroutines to
// end. No callback is called after Close returns. Call it from the UI
// goroutine only if callbacks do not block on it (fyne.Do does not).
func (s *GameSession) Close() {
	s.mu.Lock()
	s.closed = true
	s.cancelAILocked()
	s.cancelBusyLocked()
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	// A closed session may stay referenced (by a screen that shows the
	// finished game): let its table go.
	s.searchMu.Lock()
	s.searcher = nil
	s.searchMu.Unlock()
}

// Wait blocks until no search or task of the session is running (tests,
// and the command-line tool).
func (s *GameSession) Wait() { s.wg.Wait() }
