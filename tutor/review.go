package tutor

import (
	"context"
	"sort"

	"github.com/checkerstutor/checkers/engine"
)

// ReviewedMove is one of the learner's moves as the review judges it.
type ReviewedMove struct {
	Ply  int
	Text string
	// Best is the move the engine preferred, in the game's notation ("" if
	// the learner's move was it).
	Best string
	// Loss is how much evaluation the move gave away, in hundredths of a
	// man (a forced win thrown away counts as WinLoss).
	Loss int
	// Mistake marks the moves that lost the most (at most
	// ReviewMistakes, each losing at least MistakeLoss).
	Mistake bool
	// Text of the verdict for a mistake, e.g. "Move 12 (14-18) lost about
	// a man; 11-15 was better."
	Comment string
}

// Review is the short review after a game.
type Review struct {
	Moves []ReviewedMove
	// Mistakes are the marked moves, the worst first.
	Mistakes []ReviewedMove
}

// Review constants.
const (
	// MistakeLoss is the smallest loss marked as a mistake (half a man).
	MistakeLoss = 50
	// ReviewMistakes is the most moves marked.
	ReviewMistakes = 3
	// WinLoss is the loss counted for a won position turned into a draw
	// or a loss.
	WinLoss = 1000
)

// reviewLimits is a quick search for each position.
var reviewLimits = engine.Limits{Depth: 6, Nodes: 60000, TTMB: 4}

// Review searches every position where the learner moved (with two
// players, every move) and reports through OnReview the moves that lost
// the most. It runs in a goroutine; another move, a take-back or Close
// cancels it.
func (s *GameSession) Review() {
	s.mu.Lock()
	defer s.mu.Unlock()
	words := s.cfg.Words
	learner, all := s.cfg.Learner, s.cfg.Mode == TwoPlayers
	prober, _ := s.deps.Endgames.Ready(s.cfg.Variant)
	s.startTask("review", func(ctx context.Context, g *engine.Game, gen uint64) {
		r, ok := reviewGame(ctx, g, words, learner, all, prober)
		if !ok || s.stale(ctx, gen) {
			return
		}
		s.call(func() { s.cb.OnReview(r) }, s.cb.OnReview != nil)
	})
}

// reviewGame judges the moves of side (or of both sides when all is set).
func reviewGame(ctx context.Context, g *engine.Game, words Words, side engine.Color, all bool, prober engine.Prober) (Review, bool) {
	var r Review
	moves := g.Moves()
	replay := engine.NewGameFrom(g.Start(), g.Options())
	searcher := engine.NewSearcher(reviewLimits.TTMB)
	lim := reviewLimits
	lim.Prober = prober
	score := func(game *engine.Game) int {
		if game.Over() {
			res, _ := game.Result()
			switch {
			case res == engine.Drawn:
				return 0
			case (res == engine.WhiteWins) == (posOf(game.Position()).Turn() == engine.White):
				return engine.WinScore
			}
			return -engine.WinScore
		}
		return searcher.Search(ctx, game, lim).Score
	}
	clampScore := func(x int) int {
		switch {
		case engine.ScoreIsWin(x):
			return WinLoss
		case engine.ScoreIsLoss(x):
			return -WinLoss
		}
		return max(-WinLoss+1, min(WinLoss-1, x))
	}
	for i := range moves {
		p := replay.Position()
		if all || p.Turn() == side {
			res := searcher.Search(ctx, replay, lim)
			before := clampScore(res.Score)
			after := replay
			if err := after.Play(moves[i]); err != nil {
				return r, false
			}
			played := -clampScore(score(after))
			after.Undo()
			if ctx.Err() != nil {
				return r, false
			}
			rm := ReviewedMove{Ply: i, Text: words.Move(&p, &moves[i]), Loss: max(0, before-played)}
			if !res.Move.Same(&moves[i]) && res.Move.From != 0 {
				rm.Best = words.Move(&p, &res.Move)
			}
			if rm.Best == "" {
				rm.Loss = 0 // the engine's own choice loses nothing
			}
			r.Moves = append(r.Moves, rm)
		}
		if err := replay.Play(moves[i]); err != nil {
			return r, false
		}
	}
	idx := make([]int, len(r.Moves))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return r.Moves[idx[a]].Loss > r.Moves[idx[b]].Loss })
	for _, i := range idx {
		if len(r.Mistakes) == ReviewMistakes || r.Moves[i].Loss < MistakeLoss {
			break
		}
		m := &r.Moves[i]
		m.Mistake = true
		m.Comment = words.tr("review.mistake", "number", m.Ply/2+1, "move", m.Text, "loss", words.lossWords(m.Loss), "best", m.Best)
		r.Mistakes = append(r.Mistakes, *m)
	}
	return r, true
}

func (w Words) lossWords(loss int) string {
	switch {
	case loss >= WinLoss:
		return w.tr("loss.win")
	case loss >= 250:
		return w.tr("loss.several")
	case loss >= 150:
		return w.tr("loss.two")
	case loss >= 80:
		return w.tr("loss.one")
	}
	return w.tr("loss.part")
}
