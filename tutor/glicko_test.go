package tutor

import (
	"math"
	"testing"
)

// TestGlicko2_GlickmanWorkedExample is the example of Glickman's
// "Example of the Glicko-2 system": a 1500 (RD 200, volatility 0.06)
// player beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
// 300), with tau 0.5; the paper gets 1464.06, RD 151.52, volatility
// 0.05999.
func TestGlicko2_GlickmanWorkedExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Sigma: 0.06}
	got := p.Update([]RatedGame{
		{Opponent: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: 0},
	}, 0.5)
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Sigma-0.05999) > 0.00001 {
		t.Errorf("got %.2f RD %.2f sigma %.5f, want 1464.06 RD 151.52 sigma 0.05999", got.R, got.RD, got.Sigma)
	}
}

func TestGlicko2_NoGamesWidensTheDeviation(t *testing.T) {
	p := Rating{R: 1700, RD: 100, Sigma: 0.06}
	got := p.Update(nil, Tau)
	want := math.Sqrt(100*100/glickoScale/glickoScale+0.06*0.06) * glickoScale
	if got.R != 1700 || math.Abs(got.RD-want) > 1e-9 || got.Sigma != 0.06 {
		t.Errorf("got %+v, want R 1700, RD %.3f", got, want)
	}
	if NewRating().Update(nil, Tau).RD != MaxRD {
		t.Error("a newcomer's deviation grew past MaxRD")
	}
}

func TestGlicko2_WinRaisesLossLowers(t *testing.T) {
	a, b := NewRating(), RatingFrom(1500)
	win := a.Update([]RatedGame{{Opponent: b, Score: 1}}, Tau)
	loss := a.Update([]RatedGame{{Opponent: b, Score: 0}}, Tau)
	if !(win.R > 1500 && loss.R < 1500 && win.RD < a.RD) {
		t.Errorf("win %+v, loss %+v", win, loss)
	}
	if e := a.Expected(b); math.Abs(e-0.5) > 1e-9 {
		t.Errorf("expected score of equals %.3f", e)
	}
}
