package widgets

import (
	"fmt"
	"math/rand/v2"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// Screens are the parts of the app built elsewhere (lessons and puzzles)
// and the hooks tests need. Every field may be nil.
type Screens struct {
	// Lessons and Puzzles open those screens (nil: their buttons are
	// disabled).
	Lessons, Puzzles func()
	// ContinueLesson resumes the current lesson step when there is no
	// unfinished game; it reports false when there is nothing to resume.
	ContinueLesson func() bool
	// ContinueLessonText says what ContinueLesson would resume ("" for
	// nothing).
	ContinueLessonText func() string
	// Seed gives the seed of each new game's AI; nil means random.
	Seed func() uint64
	// Clock dates games (saved games, PDN); nil means the system clock.
	Clock tutor.Clock
}

// App is the whole window: the shell with the home screen, and the Play
// and Settings screens reached from it. cmd/checkers builds it with
// NewApp; tests drive it headless.
type App struct {
	Services *Services
	Shell    *Shell
	Home     *Home

	screens Screens
	player  *player
}

// NewApp builds the app in s.Window (which it fills) and sets s.Nav to its
// shell. s.Progress must be set; s.Sounds may be nil.
func NewApp(s *Services, screens Screens) *App {
	a := &App{Services: s, screens: screens}
	if err := SetLanguage(s.Progress.Settings().Language); err != nil {
		fyne.LogError("language", err)
	}
	if s.Window != nil {
		s.Window.SetTitle(lang.L("Checkers Tutor"))
	}
	seed := screens.Seed
	if seed == nil {
		seed = rand.Uint64
	}
	a.player = &player{s: s, seed: seed, clock: screens.Clock}
	a.Home = a.newHome()
	a.Shell = NewShell(s.Window, a.Home)
	a.Shell.OnHome = a.Home.Update
	s.Nav = a.Shell
	return a
}

func (a *App) newHome() *Home {
	return NewHome(a.Services, HomeActions{
		Continue:     a.Continue,
		ContinueText: a.continueText,
		Lessons:      a.screens.Lessons,
		Puzzles:      a.screens.Puzzles,
		Play:         a.OpenPlay,
		Settings:     a.OpenSettings,
	})
}

// languageChanged makes the app speak the language the settings now
// choose: the home screen, the title bar and the settings shown are built
// again in it, and every screen opened later speaks it.
func (a *App) languageChanged() {
	if err := SetLanguage(a.Services.Progress.Settings().Language); err != nil {
		dialog.ShowError(err, a.Services.Window)
		return
	}
	if a.Services.Window != nil {
		a.Services.Window.SetTitle(lang.L("Checkers Tutor"))
	}
	a.Home = a.newHome()
	a.Shell.SetHome(a.Home)
	if a.Settings() != nil {
		a.Shell.Replace(lang.L("Settings"), a.newSettings(), nil)
	}
}

// Continue resumes the unfinished game if there is one, else the current
// lesson step, else opens the lessons (or, without them, Play).
func (a *App) Continue() {
	if sg, ok := a.Services.Progress.SavedGame(); ok {
		if err := a.player.resume(sg, false); err == nil {
			return
		} else {
			dialog.ShowError(fmt.Errorf("%s %w", lang.L("The saved game could not be resumed:"), err), a.Services.Window)
			a.Services.Progress.SaveGame(nil)
			a.Home.Update()
		}
	}
	if a.screens.ContinueLesson != nil && a.screens.ContinueLesson() {
		return
	}
	if a.screens.Lessons != nil {
		a.screens.Lessons()
		return
	}
	a.OpenPlay()
}

func (a *App) continueText() string {
	if sg, ok := a.Services.Progress.SavedGame(); ok {
		title := sg.Variant
		if v, ok := engine.VariantByName(sg.Variant); ok {
			title = tutor.VariantTitle(languageOf(a.Services), v)
		}
		moves := (len(sg.Moves) + 1) / 2
		if sg.TwoPlayer {
			return lang.L("Your two-player game of {{.Variant}}, move {{.Move}}", map[string]any{"Variant": title, "Move": moves + 1})
		}
		return lang.L("Your game of {{.Variant}} against level {{.Level}}, move {{.Move}}",
			map[string]any{"Variant": title, "Level": sg.Level, "Move": moves + 1})
	}
	if a.screens.ContinueLessonText != nil {
		return a.screens.ContinueLessonText()
	}
	return ""
}

// OpenPlay shows the game setup.
func (a *App) OpenPlay() {
	a.Shell.Push(lang.L("Play"), newPlaySetup(a.player), nil)
}

// OpenSettings shows the settings.
func (a *App) OpenSettings() {
	a.Shell.Push(lang.L("Settings"), a.newSettings(), nil)
}

func (a *App) newSettings() *SettingsScreen {
	ss := NewSettingsScreen(a.Services)
	ss.OnLanguage = a.languageChanged
	return ss
}

// PlayView returns the game shown, or nil when the screen shown is not a
// game.
func (a *App) PlayView() *PlayView {
	v, _ := a.Shell.Current().(*PlayView)
	return v
}

// PlaySetup returns the game setup shown, or nil.
func (a *App) PlaySetup() *PlaySetup {
	v, _ := a.Shell.Current().(*PlaySetup)
	return v
}

// Settings returns the settings screen shown, or nil.
func (a *App) Settings() *SettingsScreen {
	v, _ := a.Shell.Current().(*SettingsScreen)
	return v
}

// ResumeSaved is what Continue does for a saved game: it opens sg.
func (a *App) ResumeSaved(sg tutor.SavedGame) error { return a.player.resume(sg, false) }

// StartGame opens a new game with cfg above the current screen, as the
// setup's Start does (practice games and `make measure` use it).
func (a *App) StartGame(cfg tutor.GameConfig) { a.player.newGame(cfg, false) }

// LearnerWords names the sides and squares as the settings choose, for
// a GameConfig's Words.
func (a *App) LearnerWords() tutor.Words {
	st := a.Services.Progress.Settings()
	return wordsFor(st, boardTheme(st))
}

// ShowProgressNotice tells the learner, in a dialog over w, that the
// progress file was kept aside (it could not be read) or cannot be
// written; it shows nothing when both are empty. cmd/checkers calls it
// once the window is up.
func ShowProgressNotice(w fyne.Window, notice tutor.Notice, err error) {
	switch {
	case notice.Text != "":
		// The progress starts afresh, so its language setting is the
		// system's.
		dialog.ShowInformation(lang.L("Your progress file"), notice.TextIn(SystemLanguage()), w)
	case err != nil:
		dialog.ShowError(fmt.Errorf("%s %w", lang.L("Progress cannot be saved:"), err), w)
	}
}

// Close leaves every screen, as going home does: a game's computer stops
// and its last save is written. cmd/checkers calls it when the window
// closes.
func (a *App) Close() { a.Shell.Home() }
