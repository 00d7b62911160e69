package tutor

import (
	"fmt"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// SavedGame is an unfinished game in a form that survives a restart (it
// marshals to JSON): enough to replay it exactly.
type SavedGame struct {
	Variant string `json:"variant"`
	// StartFEN is the start position.
	StartFEN string `json:"start_fen"`
	// Moves are the moves in PDN (numeric, full capture paths).
	Moves     []string `json:"moves"`
	Level     int      `json:"level"`
	TwoPlayer bool     `json:"two_players,omitempty"`
	// Learner is "white" or "black".
	Learner   string    `json:"learner"`
	MoveLimit int       `json:"move_limit"`
	Seed      uint64    `json:"seed"`
	Names     [2]string `json:"names"` // White's, Black's
	// Algebraic is the notation of the texts.
	Algebraic bool `json:"algebraic,omitempty"`
	// Language is the language of the texts ("" for English).
	Language string    `json:"language,omitempty"`
	Started  time.Time `json:"started"`
	Saved    time.Time `json:"saved"`
}

// Save returns the game as a SavedGame.
func (s *GameSession) Save() SavedGame {
	s.mu.Lock()
	defer s.mu.Unlock()
	sg := SavedGame{Variant: s.cfg.Variant.Name, StartFEN: posOf(s.game.Start()).FEN(), Level: s.cfg.Level,
		TwoPlayer: s.cfg.Mode == TwoPlayers, Learner: s.cfg.Learner.String(), MoveLimit: s.cfg.MoveLimit,
		Seed: s.cfg.Seed, Names: [2]string{s.cfg.Words.Names.White, s.cfg.Words.Names.Black},
		Algebraic: s.cfg.Words.Notation == engine.AlgebraicNotation, Language: s.cfg.Words.Language, Started: s.gameStart, Saved: s.clock.Now()}
	moves := s.game.Moves()
	for i := range moves {
		p := s.game.PositionAt(i)
		sg.Moves = append(sg.Moves, p.LongMoveString(&moves[i], engine.Numeric))
	}
	return sg
}

// ResumeGame rebuilds a saved game. Call Start on the session to let the
// AI move if it was its turn. A saved game that does not replay (an
// unknown variant, an illegal move) gives an error that says where.
func ResumeGame(sg SavedGame, cb GameCallbacks, deps GameDeps) (*GameSession, error) {
	v, ok := engine.VariantByName(sg.Variant)
	if !ok {
		return nil, fmt.Errorf("saved game: unknown variant %q", sg.Variant)
	}
	cfg := GameConfig{Variant: v, StartFEN: sg.StartFEN, Level: sg.Level, MoveLimit: sg.MoveLimit, Seed: sg.Seed,
		Words: Words{Names: engine.ColorNames{White: sg.Names[0], Black: sg.Names[1]}, Language: sg.Language}}
	if sg.Algebraic {
		cfg.Words.Notation = engine.AlgebraicNotation
	}
	if sg.TwoPlayer {
		cfg.Mode = TwoPlayers
	}
	switch sg.Learner {
	case "white", "":
		cfg.Learner = engine.White
	case "black":
		cfg.Learner = engine.Black
	default:
		return nil, fmt.Errorf("saved game: unknown colour %q", sg.Learner)
	}
	s, err := NewGameSession(cfg, cb, deps)
	if err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	for i, text := range sg.Moves {
		p := s.game.Position()
		m, err := p.ParseMove(text)
		if err == nil {
			err = s.game.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("saved game: move %d %q: %v", i+1, text, err)
		}
	}
	if !sg.Started.IsZero() {
		s.gameStart = sg.Started
	}
	s.reported = s.game.Over()
	return s, nil
}

// PDN writes the game in Portable Draughts Notation with the tags Event,
// Date (from the session's clock), White and Black (the learner's name,
// or the AI's level).
func (s *GameSession) PDN(event, learner string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if learner == "" {
		learner = "Learner"
	}
	ai := s.cfg.Words.tr("player.computer", "level", s.cfg.Level)
	white, black := learner, ai
	switch {
	case s.cfg.Mode == TwoPlayers:
		white, black = "Player 1", "Player 2"
		if posOf(s.game.Start()).Turn() == engine.Black {
			white, black = black, white
		}
	case s.cfg.Learner == engine.Black:
		white, black = ai, learner
	}
	if event == "" {
		event = "Checkers Tutor game"
	}
	tags := []engine.Tag{{Name: "Event", Value: event}, {Name: "Date", Value: s.gameStart.Format("2006.01.02")},
		{Name: "White", Value: white}, {Name: "Black", Value: black}}
	return engine.GameToPDN(s.game, tags)
}
