package tutor

import "math"

// Rating is a Glicko-2 rating on the Glicko scale (1500 for a newcomer),
// as Mark Glickman's "Example of the Glicko-2 system" (2013) defines it.
// Learners have one per variant; every puzzle has one too.
type Rating struct {
	R     float64 `json:"r"`     // rating
	RD    float64 `json:"rd"`    // rating deviation
	Sigma float64 `json:"sigma"` // volatility
}

// Glicko-2 parameters.
const (
	// Tau constrains how fast the volatility changes (Glickman suggests
	// 0.3 to 1.2; 0.5 is his example's value).
	Tau = 0.5
	// glickoScale converts between the Glicko and Glicko-2 scales.
	glickoScale = 173.7178
	// MaxRD is the deviation of a newcomer, MinRD the smallest kept.
	MaxRD = 350
	MinRD = 30
	// convergence of the volatility iteration
	glickoEpsilon = 0.000001
)

// NewRating is the rating of a newcomer: 1500, RD 350, volatility 0.06.
func NewRating() Rating { return Rating{R: 1500, RD: MaxRD, Sigma: 0.06} }

// RatingFrom is the starting rating of a puzzle with a stated rating (0:
// none, 1500); a stated rating is trusted more than a guess (RD 200).
func RatingFrom(r int) Rating {
	if r <= 0 {
		return NewRating()
	}
	return Rating{R: float64(r), RD: 200, Sigma: 0.06}
}

// RatedGame is one game of a rating period: the opponent's rating and the
// score (1 win, 0.5 draw, 0 loss).
type RatedGame struct {
	Opponent Rating
	Score    float64
}

func glickoG(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func glickoE(mu, muj, phij float64) float64 {
	return 1 / (1 + math.Exp(-glickoG(phij)*(mu-muj)))
}

// Update returns the rating after a rating period with the given results
// (Glickman's steps 1 to 8, volatility by the Illinois algorithm). With no
// results only the deviation grows.
func (r Rating) Update(results []RatedGame, tau float64) Rating {
	if r.Sigma <= 0 {
		r.Sigma = 0.06
	}
	mu := (r.R - 1500) / glickoScale
	phi := r.RD / glickoScale
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + r.Sigma*r.Sigma)
		return Rating{R: r.R, RD: math.Min(phiStar*glickoScale, MaxRD), Sigma: r.Sigma}
	}
	var vInv, sum float64
	for _, res := range results {
		muj := (res.Opponent.R - 1500) / glickoScale
		phij := res.Opponent.RD / glickoScale
		g := glickoG(phij)
		e := glickoE(mu, muj, phij)
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: the new volatility.
	a := math.Log(r.Sigma * r.Sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma := math.Exp(A / 2)

	// Steps 6 to 8.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	rd := math.Max(MinRD, math.Min(MaxRD, phiNew*glickoScale))
	return Rating{R: muNew*glickoScale + 1500, RD: rd, Sigma: sigma}
}

// Expected returns the expected score of r against o.
func (r Rating) Expected(o Rating) float64 {
	return glickoE((r.R-1500)/glickoScale, (o.R-1500)/glickoScale, o.RD/glickoScale)
}
