package tutor

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

//go:embed courses/*.toml
var bundledCourses embed.FS

// Course is a loaded course: lessons of steps for one variant.
type Course struct {
	ID      string
	Variant *engine.Variant
	// Language is the language of the main texts (en).
	Language string
	CourseTexts
	// Text holds translations by language code.
	Text    map[string]CourseTexts
	Lessons []*Lesson
}

// CourseTexts are a course's translatable texts.
type CourseTexts struct {
	Title       string `toml:"title,omitempty"`
	Description string `toml:"description,omitempty"`
}

// Lesson is one lesson of a course.
type Lesson struct {
	ID string
	LessonTexts
	Text  map[string]LessonTexts
	Steps []*Step
}

// LessonTexts are a lesson's translatable texts: its title, the intro
// shown before the first step and the words said when it is finished.
type LessonTexts struct {
	Title string `toml:"title,omitempty"`
	Intro string `toml:"intro,omitempty"`
	Outro string `toml:"outro,omitempty"`
}

// Step is one step of a lesson: an explanation and either an exercise (a
// puzzle in the format of puzzles/FORMAT.md) or a practice game.
type Step struct {
	StepTexts
	Text map[string]StepTexts
	// Exercise is the position and goal; nil for a practice game.
	Exercise *puzzles.Puzzle
	// Game is the practice game; nil for an exercise.
	Game *GameStep
	// Par is the number of the learner's moves that earns full marks.
	Par int
	// Targets are squares to highlight on the board.
	Targets []engine.Square
}

// StepTexts are a step's translatable texts: a title, the explanation
// read before trying, and the words said when it is solved.
type StepTexts struct {
	Title   string `toml:"title,omitempty"`
	Explain string `toml:"explain,omitempty"`
	Done    string `toml:"done,omitempty"`
}

// GameStep is a practice game against the AI that ends a course.
type GameStep struct {
	Level int
	// Learner is the side the learner plays.
	Learner engine.Color
	// FEN is the start position ("" for the variant's).
	FEN string
}

// Localized returns the step's texts in lang, English where the
// translation leaves a text out.
func (s *Step) Localized(lang string) StepTexts {
	t := s.StepTexts
	if tr, ok := s.Text[lang]; ok {
		t.Title = orText(tr.Title, t.Title)
		t.Explain = orText(tr.Explain, t.Explain)
		t.Done = orText(tr.Done, t.Done)
	}
	return t
}

// Localized returns the lesson's texts in lang.
func (l *Lesson) Localized(lang string) LessonTexts {
	t := l.LessonTexts
	if tr, ok := l.Text[lang]; ok {
		t.Title = orText(tr.Title, t.Title)
		t.Intro = orText(tr.Intro, t.Intro)
		t.Outro = orText(tr.Outro, t.Outro)
	}
	return t
}

// Localized returns the course's texts in lang.
func (c *Course) Localized(lang string) CourseTexts {
	t := c.CourseTexts
	if tr, ok := c.Text[lang]; ok {
		t.Title = orText(tr.Title, t.Title)
		t.Description = orText(tr.Description, t.Description)
	}
	return t
}

func orText(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// Lesson returns the lesson with the given id, or nil.
func (c *Course) Lesson(id string) *Lesson {
	for _, l := range c.Lessons {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// The course file as TOML sees it.
type rawCourse struct {
	ID          string                 `toml:"id"`
	Title       string                 `toml:"title"`
	Variant     string                 `toml:"variant"`
	Description string                 `toml:"description"`
	Language    string                 `toml:"language"`
	Text        map[string]CourseTexts `toml:"text"`
	Lesson      []rawLesson            `toml:"lesson"`
}

type rawLesson struct {
	ID    string                 `toml:"id"`
	Title string                 `toml:"title"`
	Intro string                 `toml:"intro"`
	Outro string                 `toml:"outro"`
	Text  map[string]LessonTexts `toml:"text"`
	Step  []rawStep              `toml:"step"`
}

type rawStep struct {
	Title    string               `toml:"title"`
	Explain  string               `toml:"explain"`
	Done     string               `toml:"done"`
	Par      int                  `toml:"par"`
	Targets  []any                `toml:"targets"`
	Text     map[string]StepTexts `toml:"text"`
	Exercise map[string]any       `toml:"exercise"`
	Game     *rawGame             `toml:"game"`
}

type rawGame struct {
	Level   int    `toml:"level"`
	Learner string `toml:"learner"`
	FEN     string `toml:"fen"`
}

// LoadCourse reads a course file (COURSES.md). Every exercise is loaded
// and checked by the puzzles package; errors name the file, the lesson
// and the step.
func LoadCourse(name string, data []byte) (*Course, error) {
	var raw rawCourse
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{name}, args...)...))
	}
	for _, k := range md.Undecoded() {
		ks := k.String()
		if !strings.Contains(ks, ".exercise.") && !strings.HasSuffix(ks, ".exercise") {
			fail("unknown key %q", ks)
		}
	}
	v, ok := engine.VariantByName(raw.Variant)
	if !ok {
		fail("unknown variant %q", raw.Variant)
		return nil, errors.Join(errs...)
	}
	if !validCourseID(raw.ID) || raw.Title == "" {
		fail("the course needs an id (letters, digits, '-') and a title")
	}
	c := &Course{ID: raw.ID, Variant: v, Language: orText(raw.Language, "en"),
		CourseTexts: CourseTexts{Title: raw.Title, Description: raw.Description}, Text: raw.Text}

	// Every exercise goes into one puzzle pack, loaded by the puzzles
	// package with all its checks.
	pack := map[string]any{"id": "course-" + raw.ID, "title": raw.Title, "variant": v.Name}
	var exercises []map[string]any
	type ref struct{ lesson, step int }
	var refs []ref
	ids := map[string]bool{}
	for li, rl := range raw.Lesson {
		where := fmt.Sprintf("lesson %d %q", li+1, rl.ID)
		if !validCourseID(rl.ID) || ids[rl.ID] {
			fail("%s: the lesson needs a unique id (letters, digits, '-')", where)
		}
		ids[rl.ID] = true
		if rl.Title == "" || len(rl.Step) == 0 {
			fail("%s: the lesson needs a title and steps", where)
		}
		l := &Lesson{ID: rl.ID, LessonTexts: LessonTexts{Title: rl.Title, Intro: rl.Intro, Outro: rl.Outro}, Text: rl.Text}
		for si, rs := range rl.Step {
			at := fmt.Sprintf("%s step %d", where, si+1)
			st := &Step{StepTexts: StepTexts{Title: rs.Title, Explain: rs.Explain, Done: rs.Done}, Text: rs.Text, Par: rs.Par}
			if rs.Title == "" || rs.Explain == "" {
				fail("%s: a step needs a title and an explain text", at)
			}
			for _, t := range rs.Targets {
				sq, err := v.ParseSquare(fmt.Sprint(t))
				if err != nil {
					fail("%s: targets: %v", at, err)
					continue
				}
				st.Targets = append(st.Targets, sq)
			}
			switch {
			case rs.Game != nil && rs.Exercise != nil:
				fail("%s: a step has an exercise or a game, not both", at)
			case rs.Game != nil:
				gs, err := gameStep(v, rs.Game)
				if err != nil {
					fail("%s: game: %v", at, err)
				}
				st.Game = gs
			case rs.Exercise != nil:
				ex := map[string]any{}
				for k, val := range rs.Exercise {
					ex[k] = val
				}
				if _, ok := ex["id"]; !ok {
					ex["id"] = fmt.Sprintf("%s-%d", rl.ID, si+1)
				}
				if _, ok := ex["title"]; !ok {
					ex["title"] = rs.Title
				}
				exercises = append(exercises, ex)
				refs = append(refs, ref{li, si})
			default:
				fail("%s: a step needs an exercise or a game", at)
			}
			if rs.Par < 0 {
				fail("%s: par must not be negative", at)
			}
			l.Steps = append(l.Steps, st)
		}
		c.Lessons = append(c.Lessons, l)
	}
	pack["puzzle"] = exercises
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(pack); err != nil {
		fail("exercises: %v", err)
		return nil, errors.Join(errs...)
	}
	pk, perrs := puzzles.Load(name, buf.Bytes())
	for _, e := range perrs {
		var pe *puzzles.Error
		if errors.As(e, &pe) {
			fail("exercise %q: %s", pe.PuzzleID, pe.Msg)
		} else {
			fail("exercises: %v", e)
		}
	}
	if pk != nil && len(perrs) == 0 {
		for i, pz := range pk.Puzzles {
			r := refs[i]
			st := c.Lessons[r.lesson].Steps[r.step]
			st.Exercise = pz
			if st.Par == 0 {
				st.Par = defaultPar(pz)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c, nil
}

func gameStep(v *engine.Variant, rg *rawGame) (*GameStep, error) {
	gs := &GameStep{Level: rg.Level, FEN: rg.FEN, Learner: v.FirstToMove}
	if gs.Level == 0 {
		gs.Level = 1
	}
	if gs.Level < 1 || gs.Level > 10 {
		return nil, fmt.Errorf("level %d: levels are 1 to 10", gs.Level)
	}
	switch strings.ToLower(rg.Learner) {
	case "":
	case "white":
		gs.Learner = engine.White
	case "black", "red":
		gs.Learner = engine.Black
	default:
		return nil, fmt.Errorf("learner %q: write white or black", rg.Learner)
	}
	if rg.FEN != "" {
		if _, err := engine.ParseFEN(v, rg.FEN); err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// defaultPar is the learner's moves in the main line (the number of
// captures for capture-all).
func defaultPar(pz *puzzles.Puzzle) int {
	if pz.Goal.Kind == puzzles.GoalCaptureAll {
		return len(pz.Solution)
	}
	return max(1, (len(pz.Solution)+1)/2)
}

func validCourseID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Courses loads every course shipped with the product, English first. The
// bundled courses are checked by the package tests, so an error here is a
// broken build.
func Courses() ([]*Course, error) {
	names, err := fs.Glob(bundledCourses, "courses/*.toml")
	if err != nil {
		return nil, err
	}
	var out []*Course
	var errs []error
	for _, name := range names {
		data, err := bundledCourses.ReadFile(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		c, err := LoadCourse(path.Base(name), data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	order := map[*engine.Variant]int{engine.English: 0, engine.Russian: 1, engine.International: 2}
	sort.SliceStable(out, func(i, j int) bool { return order[out[i].Variant] < order[out[j].Variant] })
	return out, errors.Join(errs...)
}

// CourseFor returns the bundled course of variant v.
func CourseFor(v *engine.Variant) (*Course, error) {
	cs, err := Courses()
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		if c.Variant == v {
			return c, nil
		}
	}
	return nil, fmt.Errorf("no course for %s", v.Title)
}
