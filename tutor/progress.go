package tutor

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// ProgressVersion is the version of the progress file this package writes.
// A file with a newer version is kept aside, never overwritten.
const ProgressVersion = 1

// Settings are the learner's choices the app keeps between runs.
type Settings struct {
	// Variant is the rule set last chosen ("english", ...).
	Variant string `json:"variant"`
	// Theme is the board theme's name.
	Theme string `json:"theme"`
	// Pieces is the piece colours: "red-white" (the default when empty)
	// or "black-white".
	Pieces string `json:"pieces,omitempty"`
	// Notation is "numeric" or "algebraic".
	Notation   string `json:"notation"`
	Animations bool   `json:"animations"`
	Sound      bool   `json:"sound"`
	// Language is the language of the texts ("en", "nl", "de"); empty
	// means the system's language.
	Language string `json:"language"`
	// Level is the AI level last chosen.
	Level int `json:"level"`
}

// DefaultSettings are the settings of a new learner.
func DefaultSettings() Settings {
	return Settings{Variant: engine.English.Name, Theme: "classic", Notation: "numeric", Animations: true, Sound: true,
		Level: engine.DefaultLevel}
}

// StepRecord is the best a learner did on one step of a lesson.
type StepRecord struct {
	Done  bool `json:"done"`
	Stars int  `json:"stars"`
	// Moves, Hints and Mistakes are those of the best attempt.
	Moves    int `json:"moves"`
	Hints    int `json:"hints"`
	Mistakes int `json:"mistakes"`
	// Result is the outcome of a practice game step ("win", "draw",
	// "loss").
	Result string `json:"result,omitempty"`
}

// LessonRecord is the learner's progress in one lesson.
type LessonRecord struct {
	// Current is the step to resume at.
	Current int          `json:"current"`
	Steps   []StepRecord `json:"steps"`
	Done    bool         `json:"done"`
}

// Stars returns the stars earned on every step together.
func (l LessonRecord) Stars() int {
	n := 0
	for _, s := range l.Steps {
		n += s.Stars
	}
	return n
}

// GameOutcome is the result of a game from the learner's side.
type GameOutcome string

// Game outcomes.
const (
	Win  GameOutcome = "win"
	Draw GameOutcome = "draw"
	Loss GameOutcome = "loss"
)

// LearnerResult turns a game result into the outcome for the side
// learner; "" while the game goes on.
func LearnerResult(r engine.Result, learner engine.Color) GameOutcome {
	switch r {
	case engine.Drawn:
		return Draw
	case engine.WhiteWins:
		if learner == engine.White {
			return Win
		}
		return Loss
	case engine.BlackWins:
		if learner == engine.Black {
			return Win
		}
		return Loss
	}
	return ""
}

// GameStats counts games against the AI at one level.
type GameStats struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// RatingPoint is a learner's puzzle rating at a moment.
type RatingPoint struct {
	Time time.Time `json:"time"`
	R    float64   `json:"r"`
	RD   float64   `json:"rd"`
}

// ReviewItem is a failed puzzle waiting to come back.
type ReviewItem struct {
	Due time.Time `json:"due"`
	// Stage is 0, 1 or 2: the next interval is ReviewIntervals[Stage].
	Stage int `json:"stage"`
}

// PuzzleStats are a learner's puzzle results in one variant.
type PuzzleStats struct {
	Rating     Rating        `json:"rating"`
	History    []RatingPoint `json:"history"`
	Solved     int           `json:"solved"`
	Failed     int           `json:"failed"`
	Streak     int           `json:"streak"`
	BestStreak int           `json:"best_streak"`
	// Done holds the puzzles solved at least once, by key
	// ("pack/puzzle").
	Done map[string]bool `json:"done"`
	// Review holds the puzzles to play again, by key.
	Review map[string]ReviewItem `json:"review"`
	// Puzzles holds each puzzle's own rating, by key.
	Puzzles map[string]Rating `json:"puzzles"`
}

func newPuzzleStats() *PuzzleStats {
	return &PuzzleStats{Rating: NewRating(), Done: map[string]bool{}, Review: map[string]ReviewItem{},
		Puzzles: map[string]Rating{}}
}

func (s *PuzzleStats) clone() PuzzleStats {
	c := *s
	c.History = append([]RatingPoint(nil), s.History...)
	c.Done = cloneMap(s.Done)
	c.Review = cloneMap(s.Review)
	c.Puzzles = cloneMap(s.Puzzles)
	return c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// progressFile is what is stored.
type progressFile struct {
	Version      int                     `json:"version"`
	Created      time.Time               `json:"created"`
	Settings     Settings                `json:"settings"`
	Lessons      map[string]LessonRecord `json:"lessons"` // by "course/lesson"
	Courses      map[string]time.Time    `json:"courses"` // completed courses
	Puzzles      map[string]*PuzzleStats `json:"puzzles"` // by variant
	Games        map[string]GameStats    `json:"games"`   // by "variant/level"
	Achievements map[string]time.Time    `json:"achievements"`
	SavedGame    *SavedGame              `json:"saved_game,omitempty"`
}

func newProgressFile(now time.Time) progressFile {
	return progressFile{Version: ProgressVersion, Created: now, Settings: DefaultSettings(),
		Lessons: map[string]LessonRecord{}, Courses: map[string]time.Time{}, Puzzles: map[string]*PuzzleStats{},
		Games: map[string]GameStats{}, Achievements: map[string]time.Time{}}
}

// fill makes the maps of a file read from disk usable.
func (f *progressFile) fill() {
	if f.Lessons == nil {
		f.Lessons = map[string]LessonRecord{}
	}
	if f.Courses == nil {
		f.Courses = map[string]time.Time{}
	}
	if f.Puzzles == nil {
		f.Puzzles = map[string]*PuzzleStats{}
	}
	for k, s := range f.Puzzles {
		if s == nil {
			f.Puzzles[k] = newPuzzleStats()
			continue
		}
		if s.Done == nil {
			s.Done = map[string]bool{}
		}
		if s.Review == nil {
			s.Review = map[string]ReviewItem{}
		}
		if s.Puzzles == nil {
			s.Puzzles = map[string]Rating{}
		}
		if s.Rating.RD == 0 {
			s.Rating = NewRating()
		}
	}
	if f.Games == nil {
		f.Games = map[string]GameStats{}
	}
	if f.Achievements == nil {
		f.Achievements = map[string]time.Time{}
	}
}

// Notice tells the caller that the progress file could not be used as it
// was. Text is a sentence for the learner in English (TextIn gives it in
// another language); Backup is where the old file was kept; Problem and
// FileVersion say what was wrong with it.
type Notice struct {
	Text        string
	Backup      string
	Problem     FileProblem
	FileVersion int
}

// FileProblem is why a progress file could not be used.
type FileProblem int

// The problems a progress file can have.
const (
	FileOK        FileProblem = iota // nothing wrong (the zero Notice)
	FileDamaged                      // not readable as progress JSON
	FileNewer                        // written by a newer version of the app
	FileNoVersion                    // JSON without a version number
)

// TextIn returns the notice's sentence in language lang (a code as
// LanguageOf takes), or "" for the zero Notice.
func (n Notice) TextIn(lang string) string {
	var why string
	switch n.Problem {
	case FileDamaged:
		why = Message(lang, "progress.damaged")
	case FileNewer:
		why = Message(lang, "progress.newer", "file", n.FileVersion, "app", ProgressVersion)
	case FileNoVersion:
		why = Message(lang, "progress.no-version")
	default:
		return n.Text
	}
	return Message(lang, "progress.notice", "why", why, "backup", filepath.Base(n.Backup))
}

// Progress is one learner's saved progress: lessons, puzzles, games,
// achievements and settings, stored as a versioned JSON file that is
// rewritten atomically after every change. It is safe for concurrent use.
// Methods that change it return the error of writing the file (the change
// is kept in memory even then); Err returns the last one.
type Progress struct {
	path  string
	clock Clock

	mu      sync.Mutex
	data    progressFile
	lastErr error

	// beforeRename, when set, runs after the temporary file is written
	// and synced and before it replaces the file (tests simulate a crash
	// there).
	beforeRename func() error
}

// OpenProgress reads the progress file at path, or starts afresh when
// there is none. A file that cannot be read as progress (corrupt, or
// written by a newer version) is renamed to path.corrupt-<time> and the
// learner starts clean; the returned Notice says so (it is zero
// otherwise). Temporary files left by a crash during a write are removed;
// the file itself is then intact. The error is only for a file that exists
// but cannot be read at all (permissions); the Progress is usable even
// then, kept in memory.
func OpenProgress(path string, clock Clock) (*Progress, Notice, error) {
	clock = clockOr(clock)
	p := &Progress{path: path, clock: clock, data: newProgressFile(clock.Now())}
	removeTemps(path)
	raw, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return p, Notice{}, nil
	case err != nil:
		return p, Notice{}, fmt.Errorf("progress: %w", err)
	}
	var f progressFile
	problem := FileOK
	if err := json.Unmarshal(raw, &f); err != nil {
		problem = FileDamaged
	} else if f.Version > ProgressVersion {
		problem = FileNewer
	} else if f.Version < 1 {
		problem = FileNoVersion
	}
	if problem == FileOK {
		f.Version = ProgressVersion
		def := DefaultSettings()
		if f.Settings == (Settings{}) {
			f.Settings = def
		}
		f.fill()
		p.data = f
		return p, Notice{}, nil
	}
	n := Notice{Problem: problem, FileVersion: f.Version}
	backup, err := p.backup()
	if err != nil {
		why := Message(LangEnglish, "progress."+problem.key(), "file", f.Version, "app", ProgressVersion)
		return p, Notice{}, fmt.Errorf("progress: the file cannot be read (%s) and cannot be kept aside: %w", why, err)
	}
	n.Backup = backup
	n.Text = n.TextIn(LangEnglish)
	return p, n, nil
}

// key is the catalogue key's last part for the problem.
func (fp FileProblem) key() string {
	switch fp {
	case FileNewer:
		return "newer"
	case FileNoVersion:
		return "no-version"
	}
	return "damaged"
}

// backup renames the file aside and returns the new name.
func (p *Progress) backup() (string, error) {
	name := p.path + ".corrupt-" + p.clock.Now().UTC().Format("20060102-150405")
	for i := 2; ; i++ {
		if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s.corrupt-%s-%d", p.path, p.clock.Now().UTC().Format("20060102-150405"), i)
	}
	return name, os.Rename(p.path, name)
}

// removeTemps deletes temporary files a crashed write left next to path.
func removeTemps(path string) {
	matches, _ := filepath.Glob(path + ".tmp-*")
	for _, m := range matches {
		os.Remove(m)
	}
}

// Path returns the file's path.
func (p *Progress) Path() string { return p.path }

// Err returns the error of the last write, nil if it succeeded.
func (p *Progress) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lastErr
}

// saveLocked writes the file atomically: a temporary file in the same
// directory, synced, then renamed over the file, then the directory
// synced.
func (p *Progress) saveLocked() error {
	p.lastErr = p.write()
	return p.lastErr
}

func (p *Progress) write() error {
	data, err := json.MarshalIndent(&p.data, "", "  ")
	if err != nil {
		return fmt.Errorf("progress: %w", err)
	}
	dir := filepath.Dir(p.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("progress: %w", err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(p.path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("progress: %w", err)
	}
	name := tmp.Name()
	_, err = tmp.Write(append(data, '\n'))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && p.beforeRename != nil {
		if err = p.beforeRename(); err != nil {
			return fmt.Errorf("progress: %w", err) // a simulated crash leaves the temporary file
		}
	}
	if err == nil {
		err = os.Rename(name, p.path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("progress: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Reset forgets everything but the settings, after keeping a copy of the
// file as path.reset-<time>; it returns the copy's path ("" when there
// was no file yet).
func (p *Progress) Reset() (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	backup := ""
	if _, err := os.Stat(p.path); err == nil {
		backup = p.path + ".reset-" + p.clock.Now().UTC().Format("20060102-150405")
		if err := copyFile(p.path, backup); err != nil {
			return "", fmt.Errorf("progress: cannot keep a backup before the reset: %w", err)
		}
	}
	settings := p.data.Settings
	p.data = newProgressFile(p.clock.Now())
	p.data.Settings = settings
	return backup, p.saveLocked()
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// Settings returns the learner's settings.
func (p *Progress) Settings() Settings {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.data.Settings
}

// SetSettings stores new settings.
func (p *Progress) SetSettings(s Settings) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.data.Settings = s
	return p.saveLocked()
}

func lessonKey(course, lesson string) string { return course + "/" + lesson }

// Lesson returns the learner's record of a lesson (the zero record when it
// was never started).
func (p *Progress) Lesson(course, lesson string) LessonRecord {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.data.Lessons[lessonKey(course, lesson)]
	r.Steps = append([]StepRecord(nil), r.Steps...)
	return r
}

// SetCurrentStep stores where to resume a lesson.
func (p *Progress) SetCurrentStep(course, lesson string, step int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := lessonKey(course, lesson)
	r := p.data.Lessons[k]
	r.Current = step
	p.data.Lessons[k] = r
	return p.saveLocked()
}

// RecordStep stores the result of a finished step, keeping the best stars
// reached so far, and the step to resume at. steps is the lesson's number
// of steps: when every step is done the lesson is marked done (and the
// first-lesson achievement given).
func (p *Progress) RecordStep(course, lesson string, step, steps int, rec StepRecord) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := lessonKey(course, lesson)
	r := p.data.Lessons[k]
	for len(r.Steps) < steps || len(r.Steps) <= step {
		r.Steps = append(r.Steps, StepRecord{})
	}
	old := r.Steps[step]
	if !old.Done || rec.Stars > old.Stars {
		r.Steps[step] = rec
	}
	r.Current = min(step+1, max(steps-1, 0))
	done := true
	for i := 0; i < steps; i++ {
		done = done && r.Steps[i].Done
	}
	if done && !r.Done {
		r.Done = true
		p.achieveLocked(AchFirstLesson)
	}
	p.data.Lessons[k] = r
	return p.saveLocked()
}

// CompleteCourse marks a course completed and gives its achievement.
func (p *Progress) CompleteCourse(course string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.data.Courses[course]; !ok {
		p.data.Courses[course] = p.clock.Now()
	}
	p.achieveLocked(AchCourse(course))
	return p.saveLocked()
}

// CourseDone reports whether a course was completed.
func (p *Progress) CourseDone(course string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.data.Courses[course]
	return ok
}

// RecordGame counts a finished game against the AI at a level, and gives
// the first-win achievement.
func (p *Progress) RecordGame(v *engine.Variant, level int, outcome GameOutcome) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := fmt.Sprintf("%s/%d", v.Name, level)
	s := p.data.Games[k]
	switch outcome {
	case Win:
		s.Wins++
		p.achieveLocked(AchFirstWin)
	case Draw:
		s.Draws++
	case Loss:
		s.Losses++
	default:
		return fmt.Errorf("progress: unknown game outcome %q", outcome)
	}
	p.data.Games[k] = s
	return p.saveLocked()
}

// Games returns the game counts of variant v by level.
func (p *Progress) Games(v *engine.Variant) map[int]GameStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[int]GameStats{}
	for k, s := range p.data.Games {
		var level int
		if name, rest, ok := strings.Cut(k, "/"); ok && name == v.Name {
			if _, err := fmt.Sscan(rest, &level); err == nil {
				out[level] = s
			}
		}
	}
	return out
}

// SaveGame stores the unfinished game to resume (nil clears it).
func (p *Progress) SaveGame(g *SavedGame) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g != nil {
		c := *g
		c.Moves = append([]string(nil), g.Moves...)
		g = &c
	}
	p.data.SavedGame = g
	return p.saveLocked()
}

// SavedGame returns the unfinished game, if there is one.
func (p *Progress) SavedGame() (SavedGame, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.data.SavedGame == nil {
		return SavedGame{}, false
	}
	g := *p.data.SavedGame
	g.Moves = append([]string(nil), g.Moves...)
	return g, true
}

// Puzzles returns a copy of the learner's puzzle statistics in variant v.
func (p *Progress) Puzzles(v *engine.Variant) PuzzleStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.puzzlesLocked(v).clone()
}

func (p *Progress) puzzlesLocked(v *engine.Variant) *PuzzleStats {
	s := p.data.Puzzles[v.Name]
	if s == nil {
		s = newPuzzleStats()
		p.data.Puzzles[v.Name] = s
	}
	return s
}

// updatePuzzles runs f on the statistics of v and saves.
func (p *Progress) updatePuzzles(v *engine.Variant, f func(s *PuzzleStats, now time.Time)) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	f(p.puzzlesLocked(v), p.clock.Now())
	return p.saveLocked()
}

// Achievement ids. Course achievements are AchCourse(id).
const (
	AchFirstCapture = "first-capture"
	AchFirstKing    = "first-king"
	AchFirstWin     = "first-win"
	AchFirstLesson  = "first-lesson"
	AchFirstPuzzle  = "first-puzzle"
	AchStreak10     = "puzzle-streak-10"
	AchThreeStars   = "three-stars"
)

// AchCourse is the achievement of completing a course.
func AchCourse(course string) string { return "course-" + course }

// Achievement is an achievement earned.
type Achievement struct {
	ID    string
	Title string
	Time  time.Time
}

var achievementTitles = map[string]string{
	AchFirstCapture: "First capture",
	AchFirstKing:    "First king",
	AchFirstWin:     "First win against the computer",
	AchFirstLesson:  "First lesson completed",
	AchFirstPuzzle:  "First puzzle solved",
	AchStreak10:     "Ten puzzles in a row",
	AchThreeStars:   "Three stars on a step",
}

// AchievementTitle returns the title of an achievement id in English
// (AchievementTitleIn gives it in another language).
func AchievementTitle(id string) string {
	if t, ok := achievementTitles[id]; ok {
		return t
	}
	if c, ok := strings.CutPrefix(id, "course-"); ok {
		return "Course completed: " + c
	}
	return id
}

// Achieve gives an achievement; it reports whether it is new.
func (p *Progress) Achieve(id string) (bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.achieveLocked(id) {
		return false, nil
	}
	return true, p.saveLocked()
}

func (p *Progress) achieveLocked(id string) bool {
	if _, ok := p.data.Achievements[id]; ok {
		return false
	}
	p.data.Achievements[id] = p.clock.Now()
	return true
}

// Achievements lists the achievements earned, oldest first.
func (p *Progress) Achievements() []Achievement {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Achievement, 0, len(p.data.Achievements))
	for id, t := range p.data.Achievements {
		out = append(out, Achievement{ID: id, Title: AchievementTitle(id), Time: t})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Time.Equal(out[j].Time) {
			return out[i].Time.Before(out[j].Time)
		}
		return out[i].ID < out[j].ID
	})
	return out
}
