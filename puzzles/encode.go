package puzzles

import (
	"bytes"
	"fmt"

	"github.com/BurntSushi/toml"
)

// rawPackOut is rawPack with decoded puzzles, for writing.
type rawPackOut struct {
	ID          string                  `toml:"id"`
	Title       string                  `toml:"title"`
	Variant     string                  `toml:"variant"`
	Description string                  `toml:"description,omitempty"`
	Author      string                  `toml:"author,omitempty"`
	License     string                  `toml:"license,omitempty"`
	Language    string                  `toml:"language,omitempty"`
	Text        map[string]rawPackTexts `toml:"text,omitempty"`
	Puzzle      []rawPuzzle             `toml:"puzzle"`
}

// Encode writes a pack in the format Load reads (FORMAT.md). Loading the
// result gives back the same pack.
func Encode(pk *Pack) ([]byte, error) {
	out := rawPackOut{ID: pk.ID, Title: pk.Title, Description: pk.Description, Author: pk.Author,
		License: pk.License, Language: pk.Language}
	if pk.Variant != nil {
		out.Variant = pk.Variant.Name
	}
	for lang, t := range pk.Text {
		if out.Text == nil {
			out.Text = map[string]rawPackTexts{}
		}
		out.Text[lang] = rawPackTexts(t)
	}
	for _, pz := range pk.Puzzles {
		rp := rawPuzzle{ID: pz.ID, Title: pz.Title, FEN: pz.FEN, Goal: pz.Goal.Kind.String(),
			Solution: pz.Solution, Alternatives: pz.Alternatives, Hints: pz.Texts.Hints,
			Explanation: pz.Explanation, Themes: pz.Themes, Difficulty: pz.Difficulty, Rating: pz.Rating}
		switch pz.Goal.Kind {
		case GoalGain:
			rp.Gain = pz.Goal.N
		case GoalCrown:
			rp.Moves = pz.Goal.N
		case GoalReach:
			rp.Moves = pz.Goal.N
			rp.Square = squareText(fmt.Sprint(pz.Goal.Square))
		case GoalAnyLegal:
			if pz.Goal.Move != KindAny {
				rp.Kind = string(pz.Goal.Move)
			}
		}
		for lang, t := range pz.Text {
			if rp.Text == nil {
				rp.Text = map[string]rawTexts{}
			}
			rp.Text[lang] = rawTexts{Title: t.Title, Hints: t.Hints, Explanation: t.Explanation}
		}
		out.Puzzle = append(out.Puzzle, rp)
	}
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
