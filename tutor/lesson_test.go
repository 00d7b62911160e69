package tutor

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

func loadCourses(t *testing.T) []*Course {
	t.Helper()
	cs, err := Courses()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestCourses_EveryExerciseIsVerifiedByTheEngine loads every bundled
// course and has the solver confirm every exercise's lines.
func TestCourses_EveryExerciseIsVerifiedByTheEngine(t *testing.T) {
	cs := loadCourses(t)
	if len(cs) == 0 || cs[0].Variant != engine.English {
		t.Fatalf("courses %v: the English course comes first", cs)
	}
	solver := puzzles.NewExhaustive()
	for _, c := range cs {
		if c.Title == "" || len(c.Lessons) == 0 {
			t.Errorf("course %s is empty", c.ID)
		}
		last := c.Lessons[len(c.Lessons)-1]
		if g := last.Steps[len(last.Steps)-1].Game; g == nil {
			t.Errorf("course %s does not end with a practice game", c.ID)
		}
		for _, l := range c.Lessons {
			if l.Title == "" || l.Intro == "" || l.Outro == "" {
				t.Errorf("%s/%s lacks a title, intro or outro", c.ID, l.ID)
			}
			for i, st := range l.Steps {
				if st.Title == "" || st.Explain == "" || st.Done == "" {
					t.Errorf("%s/%s step %d lacks a text", c.ID, l.ID, i+1)
				}
				if st.Exercise == nil {
					continue
				}
				if err := puzzles.VerifyPuzzle(t.Context(), solver, st.Exercise); err != nil {
					t.Errorf("%s/%s step %d: %v", c.ID, l.ID, i+1, err)
				}
			}
		}
	}
}

// playLine plays the learner's moves of the main line of the current
// exercise and checks each answer.
func playLine(t *testing.T, s *LessonSession, where string) Feedback {
	t.Helper()
	v := s.View()
	pz := s.Lesson().Steps[v.Index].Exercise
	var fb Feedback
	if pz.Goal.Kind == puzzles.GoalCaptureAll {
		for _, text := range pz.Solution {
			p := s.View().Position
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if fb, err = s.Play(t.Context(), m); err != nil || fb.Kind != FeedbackCorrect {
				t.Fatalf("%s: capture %s: %+v %v", where, text, fb, err)
			}
		}
		return fb
	}
	if len(pz.Solution) == 0 {
		p := s.View().Position
		for _, m := range p.LegalMoves() {
			if pz.Goal.Move.Matches(&p, &m) {
				fb, err := s.Play(t.Context(), m)
				if err != nil || fb.Kind != FeedbackCorrect {
					t.Fatalf("%s: %+v %v", where, fb, err)
				}
				return fb
			}
		}
	}
	for k := 0; k < len(pz.Solution); k += 2 {
		p := s.View().Position
		m, err := p.ParseMove(pz.Solution[k])
		if err != nil {
			t.Fatalf("%s: move %d: %v", where, k+1, err)
		}
		fb, err = s.Play(t.Context(), m)
		if err != nil || fb.Kind != FeedbackCorrect {
			t.Fatalf("%s: move %d %s: %+v %v", where, k+1, pz.Solution[k], fb, err)
		}
		if k+1 < len(pz.Solution) && !fb.Solved {
			q := p
			q.Play(&m)
			want, _ := q.ParseMove(pz.Solution[k+1])
			if fb.Reply == nil || !fb.Reply.Same(&want) {
				t.Fatalf("%s: after %s the reply is %q, want %s", where, pz.Solution[k], fb.ReplyText, pz.Solution[k+1])
			}
		}
	}
	return fb
}

// strongLearner plays the learner's side of a practice game with a deeper
// search than the level-1 AI.
func strongLearner(t *testing.T, g *GameSession, r *recorder) engine.Status {
	t.Helper()
	lim := engine.Limits{Depth: 6, TTMB: 4}
	searcher := engine.NewSearcher(4)
	for i := 0; i < 400; i++ {
		select {
		case st := <-r.over:
			return st
		default:
		}
		v := g.View()
		if !v.LearnerToMove {
			select {
			case <-r.moves:
			case st := <-r.over:
				return st
			}
			continue
		}
		game := engine.NewGameFrom(g.game.Start(), engine.GameOptions{})
		for _, pm := range v.Moves {
			must(t, game.Play(pm.Move))
		}
		res := searcher.Search(t.Context(), game, lim)
		if _, err := g.Play(res.Move); err != nil {
			t.Fatalf("the learner's move: %v", err)
		}
	}
	t.Fatal("the practice game did not end")
	return engine.Status{}
}

// TestLesson_ScriptedLearnerCompletesEveryCourse plays every step of
// every course with the stored answers, and the final practice game with
// a stronger engine against level 1, and checks that the progress records
// it all.
func TestLesson_ScriptedLearnerCompletesEveryCourse(t *testing.T) {
	for _, c := range loadCourses(t) {
		t.Run(c.ID, func(t *testing.T) {
			pr, _, err := OpenProgress(filepath.Join(t.TempDir(), "p.json"), NewFixedClock(testDate))
			must(t, err)
			words := Words{Notation: NotationFor(c.Variant)}
			for _, l := range c.Lessons {
				s, err := NewLessonSession(c, l.ID, LessonOptions{Words: words, Progress: pr})
				must(t, err)
				for i, st := range l.Steps {
					where := c.ID + "/" + l.ID + " step " + string(rune('1'+i))
					if v := s.View(); v.Index != i {
						t.Fatalf("%s: the session is at step %d", where, v.Index+1)
					}
					if st.Game != nil {
						r := newRecorder()
						g, err := s.StartGame(r.callbacks(), GameDeps{Progress: pr}, 1)
						must(t, err)
						g.Start()
						status := strongLearner(t, g, r)
						g.Close()
						v := s.View()
						if !v.Solved || v.GameResult == "" || v.GameResult != LearnerResult(status.Result, st.Game.Learner) {
							t.Fatalf("%s: the lesson recorded %q for %s", where, v.GameResult, status.Text)
						}
						if rec := pr.Lesson(c.ID, l.ID).Steps[i]; !rec.Done || rec.Result != string(v.GameResult) {
							t.Errorf("%s: progress has %+v", where, rec)
						}
						t.Logf("%s: %s", where, status.Text)
					} else {
						fb := playLine(t, s, where)
						if !fb.Solved || fb.Stars != 3 || fb.Text != st.Done {
							t.Fatalf("%s: last answer %+v", where, fb)
						}
					}
					if i+1 < len(l.Steps) && !s.Next() {
						t.Fatalf("%s: Next refused", where)
					}
				}
				if !s.View().LessonDone || !pr.Lesson(c.ID, l.ID).Done {
					t.Errorf("%s/%s is not done after every step", c.ID, l.ID)
				}
				s.Close()
			}
			if !pr.CourseDone(c.ID) || !achievementsOf(pr)[AchCourse(c.ID)] {
				t.Errorf("course %s not completed in the progress", c.ID)
			}
		})
	}
}

func englishCourse(t *testing.T) *Course {
	t.Helper()
	c, err := CourseFor(engine.English)
	must(t, err)
	return c
}

func openStep(t *testing.T, c *Course, lesson string, step int, opts LessonOptions) *LessonSession {
	t.Helper()
	s, err := NewLessonSession(c, lesson, opts)
	must(t, err)
	must(t, s.Goto(step))
	t.Cleanup(s.Close)
	return s
}

func TestLesson_EachKindOfMistakeIsExplained(t *testing.T) {
	c := englishCourse(t)
	v := engine.English
	at := func(sq ...engine.Square) []engine.Coord {
		out := make([]engine.Coord, len(sq))
		for i, s := range sq {
			out[i] = v.CoordOf(s)
		}
		return out
	}
	for _, tc := range []struct {
		rule, lesson string
		step         int
		cells        []engine.Coord
		names        engine.ColorNames
		want         string
	}{
		{"capturing is compulsory", "compulsory", 0, at(31, 27), engine.ColorNames{}, "A capture is available on 22: capturing is compulsory."},
		{"men move forward", "moving", 0, at(22, 26), engine.ColorNames{}, "A man moves forward only, and 26 is behind it: only kings move backward."},
		{"one square at a time", "moving", 0, at(22, 13), engine.ColorNames{}, "A man moves one square at a time, or jumps over a piece next to it."},
		{"a multi-jump must be completed", "multi-jumps", 0, at(27, 18), engine.ColorNames{}, "The capture is not finished: the man must jump again, to 9."},
		{"crowning ends the move", "crowning", 1, at(10, 3, 12), engine.ColorNames{}, "The man is crowned on 3 and the move ends there."},
		{"not your piece", "board", 0, at(22, 18), engine.RedAndWhite, "The piece on 22 is White's, and it is Red's turn."},
		{"on the diagonals", "moving", 0, at(22, 23), engine.ColorNames{}, "Pieces move along the diagonals only, and 23 is not on a diagonal from there."},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			s := openStep(t, c, tc.lesson, tc.step, LessonOptions{Words: Words{Names: tc.names}})
			fb := s.Explain(tc.cells[0], tc.cells[len(tc.cells)-1], tc.cells[1:len(tc.cells)-1]...)
			if fb.Kind != FeedbackIllegal || fb.Text != tc.want {
				t.Errorf("got %v %q\nwant %q", fb.Kind, fb.Text, tc.want)
			}
		})
	}
	t.Run("a move that loses is refuted", func(t *testing.T) {
		s := openStep(t, c, "tactics", 0, LessonOptions{})
		before := s.View().Position
		m, _ := before.ParseMove("24-20")
		fb, err := s.Play(t.Context(), m)
		must(t, err)
		if fb.Kind != FeedbackWrong || len(fb.Refutation) == 0 || !strings.HasPrefix(fb.Text, "After that, Black ") {
			t.Errorf("feedback %+v", fb)
		}
		if v := s.View(); v.Position.FEN() != before.FEN() || v.Mistakes != 1 || v.Moves != 1 {
			t.Errorf("after the refutation: %s, %d mistakes, %d moves", v.Position.FEN(), v.Mistakes, v.Moves)
		}
		// Solving it now earns 2 stars: one mistake and over par.
		fb = playLine(t, s, "tactics retried")
		if !fb.Solved || fb.Stars != 1+1 {
			t.Errorf("after a mistake: %+v", fb)
		}
	})
	t.Run("another winning move is accepted", func(t *testing.T) {
		s := openStep(t, c, "crowning", 0, LessonOptions{})
		p := s.View().Position
		m, _ := p.ParseMove("10-7")
		fb, err := s.Play(t.Context(), m)
		must(t, err)
		if fb.Kind != FeedbackAlternative || fb.Text != "Another winning move: also correct!" || fb.Reply == nil {
			t.Fatalf("feedback %+v", fb)
		}
		p = s.View().Position
		m, _ = p.ParseMove("7-3")
		fb, err = s.Play(t.Context(), m)
		must(t, err)
		if !fb.Solved || fb.Stars != 3 {
			t.Errorf("crowned by the other way: %+v", fb)
		}
	})
	t.Run("a wrong kind of move", func(t *testing.T) {
		s := openStep(t, c, "board", 0, LessonOptions{})
		// Any move solves the first step: every legal move is accepted.
		p := s.View().Position
		m := p.LegalMoves()[3]
		fb, err := s.Play(context.Background(), m)
		must(t, err)
		if fb.Kind != FeedbackCorrect || !fb.Solved {
			t.Errorf("feedback %+v", fb)
		}
		if _, err := s.Play(t.Context(), m); err != ErrStepSolved {
			t.Errorf("a move after the step is solved: %v", err)
		}
	})
}

func TestLesson_HintsGoFromPieceToTargetToMove(t *testing.T) {
	c := englishCourse(t)
	s := openStep(t, c, "multi-jumps", 1, LessonOptions{})
	var hs []Hint
	for i := 0; i < 3; i++ {
		h, err := s.Hint(t.Context())
		must(t, err)
		hs = append(hs, h)
	}
	if hs[0].Level != 1 || len(hs[0].Ring) != 1 || hs[0].Ring[0] != 27 || hs[0].Text != "Look at the man on 27." {
		t.Errorf("first hint %+v", hs[0])
	}
	if hs[1].Level != 2 || len(hs[1].Ring) != 2 || hs[1].Ring[1] != 2 || hs[1].Text != "It can capture and land on 2." {
		t.Errorf("second hint %+v", hs[1])
	}
	if hs[2].Level != 3 || hs[2].Move == nil || len(hs[2].Arrows) != 1 || len(hs[2].Arrows[0].Path) != 3 || hs[2].Text != "Play 27x2." {
		t.Errorf("third hint %+v", hs[2])
	}
	fb := playLine(t, s, "after three hints")
	if fb.Stars != 1 {
		t.Errorf("three hints earned %d stars", fb.Stars)
	}
	// The exercise's own hints come first where it has them.
	s = openStep(t, c, "board", 0, LessonOptions{})
	h, err := s.Hint(t.Context())
	must(t, err)
	if !strings.HasPrefix(h.Text, "Only the men in the front row") {
		t.Errorf("the step's own hint was not used: %q", h.Text)
	}
}

func TestLesson_ResumesWhereTheLearnerLeft(t *testing.T) {
	c := englishCourse(t)
	path := filepath.Join(t.TempDir(), "p.json")
	pr, _, err := OpenProgress(path, nil)
	must(t, err)
	s, err := NewLessonSession(c, "multi-jumps", LessonOptions{Progress: pr})
	must(t, err)
	playLine(t, s, "multi-jumps 1")
	s.Next()
	pr2, _, err := OpenProgress(path, nil)
	must(t, err)
	s2, err := NewLessonSession(c, "multi-jumps", LessonOptions{Progress: pr2})
	must(t, err)
	if v := s2.View(); v.Index != 1 || v.LessonDone {
		t.Errorf("resumed at step %d", v.Index+1)
	}
	if rec := pr2.Lesson(c.ID, "multi-jumps"); rec.Steps[0].Stars != 3 {
		t.Errorf("record %+v", rec)
	}
	s2.Retry()
	if v := s2.View(); v.Moves != 0 || v.Index != 1 {
		t.Errorf("retry: %+v", v)
	}
}

func TestLoadCourse_ErrorsNameTheStep(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"illegal solution", `id = "c"
title = "C"
variant = "english"
[[lesson]]
id = "l"
title = "L"
[[lesson.step]]
title = "S"
explain = "E"
[lesson.step.exercise]
fen = "W:W22:B18"
goal = "win"
solution = ["22-17"]
`, `exercise "l-1"`},
		{"unknown key", `id = "c"
title = "C"
variant = "english"
colour = "red"
`, `unknown key "colour"`},
		{"no exercise", `id = "c"
title = "C"
variant = "english"
[[lesson]]
id = "l"
title = "L"
[[lesson.step]]
title = "S"
explain = "E"
`, `lesson 1 "l" step 1: a step needs an exercise or a game`},
		{"bad level", `id = "c"
title = "C"
variant = "russian"
[[lesson]]
id = "l"
title = "L"
[[lesson.step]]
title = "S"
explain = "E"
[lesson.step.game]
level = 12
`, "levels are 1 to 10"},
		{"unknown exercise key", `id = "c"
title = "C"
variant = "english"
[[lesson]]
id = "l"
title = "L"
[[lesson.step]]
title = "S"
explain = "E"
[lesson.step.exercise]
fen = "W:W22:B18"
goal = "win"
soluton = ["22x15"]
`, "soluton"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadCourse("c.toml", []byte(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to mention %q", err, tc.want)
			}
		})
	}
}
