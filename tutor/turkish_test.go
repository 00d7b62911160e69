package tutor

import (
	"context"
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

// The Turkish strike step: the king takes three men; the first one stays
// on e3 until the move ends and blocks the way to the black king on f2.
// Stopping on c5 loses the king to it, so that landing is wrong; b4 and a3
// are right.
func TestRussianCourse_TurkishStrikeStepJudgesTheLandingSquare(t *testing.T) {
	course, err := CourseFor(engine.Russian)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move string
		want FeedbackKind
	}{
		{"c1:g5:e7:b4", FeedbackCorrect},
		{"c1:a3", FeedbackAlternative},
		{"c1:c5", FeedbackWrong},
		{"c1:c7", FeedbackWrong}, // only two men
	}
	solvers := map[string]puzzles.Solver{"exhaustive": nil, "search": puzzles.NewSearchSolver(nil)}
	for name, solver := range solvers {
		for _, tc := range tests {
			t.Run(name+"/"+tc.move, func(t *testing.T) {
				s, err := NewLessonSession(course, "turkish", LessonOptions{Solver: solver})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				p := s.View().Position
				m, err := p.ParseMove(tc.move)
				if err != nil {
					t.Fatal(err)
				}
				fb, err := s.Play(context.Background(), m)
				if err != nil {
					t.Fatal(err)
				}
				if fb.Kind != tc.want {
					t.Fatalf("%s: feedback %v %q, want kind %v", tc.move, fb.Kind, fb.Text, tc.want)
				}
			})
		}
	}
}
