package engine

import "strings"

// Color is the colour of a side: White or Black.
type Color uint8

const (
	// White occupies the high-numbered squares at the start and moves up
	// the board, towards square 1.
	White Color = iota
	// Black occupies the low-numbered squares at the start and moves down
	// the board.
	Black
)

// Opponent returns the other colour.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// CapturePromotion says what happens when a man reaches the far row in the
// middle of a capture.
type CapturePromotion uint8

const (
	// PromoteEndsMove crowns the man and ends the move there, even if the
	// new king could capture further (English checkers).
	PromoteEndsMove CapturePromotion = iota
	// PromoteAndContinue crowns the man at once; it goes on capturing as a
	// king in the same move if it can (Russian draughts).
	PromoteAndContinue
	// PromoteOnlyAtEnd lets a man pass the far row during a capture without
	// being crowned; it is crowned only if the move ends there
	// (International draughts).
	PromoteOnlyAtEnd
)

// DrawRules are the automatic draw rules of a variant. A zero field means
// the rule does not apply. Counts are in moves by each side (a move by
// White and one by Black count as one).
type DrawRules struct {
	// Repetition is how many times the same position with the same side to
	// move must occur for a draw (3 in every variant).
	Repetition int
	// QuietMoves: this many moves by each side in which no man moved and
	// nothing was captured draw the game (English 40, WCDF 1.32).
	QuietMoves int
	// KingsOnlyMoves: this many moves by each side in which only kings moved
	// and nothing was captured (Russian 15, International 25).
	KingsOnlyMoves int
	// ThreeKingsVsKing: three or more pieces (at least one a king) against a
	// lone king draw if the lone king is not captured within this many moves
	// (Russian 15, International 16).
	ThreeKingsVsKing int
	// ThreeKingsMinKings is how many of the stronger side's pieces must be
	// kings for ThreeKingsVsKing: Russian 3 ("three kings or more",
	// FMJD-64 7.2.4), International 1 (three kings, two kings and a man, or
	// a king and two men).
	ThreeKingsMinKings int
	// ThreeKingsExactly limits ThreeKingsVsKing to exactly three pieces
	// against the lone king (International); otherwise more pieces count
	// too (Russian).
	ThreeKingsExactly bool
	// SmallEnding: two pieces or fewer including a king against a lone king
	// (International), or two kings, king and man or one king against a lone
	// king (Russian), and in Russian three pieces against a lone king that
	// holds the long diagonal: this many moves (5).
	SmallEnding int
	// LongDiagonal: Russian counts three pieces against a lone king on the
	// long diagonal a1-h8 as a small ending.
	LongDiagonal bool
	// PieceCountMoves is the Russian rule of FMJD-64 7.2.6: with 4-5 pieces
	// on the board 30 moves, with 6-7 pieces 60 moves without a capture or a
	// promotion draw the game.
	PieceCountMoves bool
	// StrongerSideMoves: the lone-king limits (ThreeKingsVsKing,
	// SmallEnding, LongDiagonal) count the moves of the side hunting the
	// lone king ("his 15th move", FMJD-64); otherwise they count moves by
	// each side ("each player 16 moves", FMJD 6.3).
	StrongerSideMoves bool
}

// Variant is a rule set: board, start position, how pieces move and capture,
// and when a game is drawn. The three values English, Russian and
// International are the only ones the product uses; they are read-only.
type Variant struct {
	// Name is the lower-case identifier: "english", "russian" or
	// "international".
	Name string
	// Title is the name shown to people.
	Title string
	// Size is the number of rows and columns: 8 or 10.
	Size int
	// FirstToMove is the side that makes the first move.
	FirstToMove Color
	// StartFEN is the start position in PDN FEN.
	StartFEN string
	// MenCaptureBackward is true where men capture backward as well as
	// forward.
	MenCaptureBackward bool
	// FlyingKings is true where kings move and capture at any distance.
	FlyingKings bool
	// MajorityRule is true where a capture must take the greatest number of
	// pieces possible.
	MajorityRule bool
	// Promotion says what a man does when it reaches the far row during a
	// capture.
	Promotion CapturePromotion
	// Draw holds the automatic draw rules.
	Draw DrawRules
	// Algebraic is true where players usually write squares as a1..h8.
	Algebraic bool

	geo *geometry
}

// English is English/American checkers (straight checkers): 8x8, Black
// moves first, short kings, men capture forward only, free choice of
// capture, crowning ends the move.
var English = newVariant(Variant{
	Name:        "english",
	Title:       "English checkers",
	Size:        8,
	FirstToMove: Black,
	StartFEN:    "B:W21-32:B1-12",
	Promotion:   PromoteEndsMove,
	Draw:        DrawRules{Repetition: 3, QuietMoves: 40},
})

// Russian is Russian draughts (shashki): 8x8, White moves first, flying
// kings, men capture backward, free choice of capture, a man crowned during a
// capture goes on capturing as a king.
var Russian = newVariant(Variant{
	Name:               "russian",
	Title:              "Russian draughts",
	Size:               8,
	FirstToMove:        White,
	StartFEN:           "W:W21-32:B1-12",
	MenCaptureBackward: true,
	FlyingKings:        true,
	Promotion:          PromoteAndContinue,
	Algebraic:          true,
	Draw: DrawRules{Repetition: 3, KingsOnlyMoves: 15, ThreeKingsVsKing: 15, ThreeKingsMinKings: 3,
		SmallEnding: 5, LongDiagonal: true, PieceCountMoves: true, StrongerSideMoves: true},
})

// International is International draughts: 10x10, White moves first, flying
// kings, men capture backward, the majority rule, and a man passing the far
// row during a capture is not crowned.
var International = newVariant(Variant{
	Name:               "international",
	Title:              "International draughts",
	Size:               10,
	FirstToMove:        White,
	StartFEN:           "W:W31-50:B1-20",
	MenCaptureBackward: true,
	FlyingKings:        true,
	MajorityRule:       true,
	Promotion:          PromoteOnlyAtEnd,
	Draw: DrawRules{Repetition: 3, KingsOnlyMoves: 25, ThreeKingsVsKing: 16, ThreeKingsMinKings: 1,
		ThreeKingsExactly: true, SmallEnding: 5},
})

// Variants lists every rule set, English first.
func Variants() []*Variant { return []*Variant{English, Russian, International} }

// VariantByName finds a variant by its name ("english", "russian",
// "international"; case does not matter, and "american", "checkers",
// "shashki", "10x10" and "international-draughts" are accepted too).
func VariantByName(name string) (*Variant, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "english", "american", "checkers", "english-checkers", "en":
		return English, true
	case "russian", "shashki", "ru", "russian-draughts":
		return Russian, true
	case "international", "10x10", "international-draughts", "int", "polish":
		return International, true
	}
	return nil, false
}

// Squares returns the number of playable squares: 32 or 50.
func (v *Variant) Squares() int { return v.Size * v.Size / 2 }

// MaxPieces is the number of pieces each side has at the start: 12 or 20.
func (v *Variant) MaxPieces() int { return (v.Size/2 - 1) * v.Size / 2 }

// String returns the variant's name.
func (v *Variant) String() string { return v.Name }

// StartPosition returns the initial position of the variant.
func (v *Variant) StartPosition() Position {
	p, err := ParseFEN(v, v.StartFEN)
	if err != nil {
		panic("engine: bad start FEN for " + v.Name + ": " + err.Error())
	}
	return p
}

func newVariant(v Variant) *Variant {
	v.geo = newGeometry(v.Size)
	return &v
}
