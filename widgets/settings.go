package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// Piece colour names stored in tutor.Settings.Pieces.
const (
	PiecesRedWhite   = "red-white"
	PiecesBlackWhite = "black-white"
)

// PieceSetOf returns the piece set a Settings.Pieces value names (red and
// white when it is empty or unknown).
func PieceSetOf(name string) PieceSet {
	if name == PiecesBlackWhite {
		return BlackWhite
	}
	return RedWhite
}

// boardTheme is the board theme the settings choose (tournament when the
// name is unknown, as the "classic" of older files is).
func boardTheme(st tutor.Settings) BoardTheme {
	ps := PieceSetOf(st.Pieces)
	if t, err := ThemeByName(st.Theme, ps); err == nil {
		return t
	}
	return TournamentTheme(ps)
}

// wordsFor names sides by the theme's piece colours (in the learner's
// language), and squares in the notation of the settings.
func wordsFor(st tutor.Settings, th BoardTheme) tutor.Words {
	names := engine.ColorNames{White: th.PieceName(engine.White), Black: th.PieceName(engine.Black)}
	lg := AppLanguage(st.Language)
	w := tutor.Words{Names: tutor.ColorNamesIn(lg, names), Language: lg}
	if st.Notation == "algebraic" {
		w.Notation = engine.AlgebraicNotation
	}
	return w
}

// boardCoordinates is what the board writes for the notation chosen.
func boardCoordinates(st tutor.Settings) Coordinates {
	if st.Notation == "algebraic" {
		return Algebraic
	}
	return SquareNumbers
}

// ApplyBoardSettings gives board b the look the settings choose: theme,
// piece colours, coordinates and animations. Screens call it when they
// build a board.
func ApplyBoardSettings(b *Board, st tutor.Settings) {
	b.SetTheme(boardTheme(st))
	b.SetCoordinates(boardCoordinates(st))
	b.SetAnimations(st.Animations)
}

// SettingsScreen is the settings: variant for new lessons and games, board
// theme and piece colours (with a small board that shows them), notation,
// animations, sound, language, and resetting the progress. Every change is
// stored in Progress.Settings at once.
type SettingsScreen struct {
	widget.BaseWidget

	s *Services

	Variant    *widget.Select
	Theme      *widget.Select
	Pieces     *widget.RadioGroup
	Notation   *widget.RadioGroup
	Animations *widget.Check
	Sound      *widget.Check
	Language   *widget.Select
	Reset      *widget.Button
	// Preview is the small board showing the theme chosen.
	Preview *Board
	// OnLanguage (may be nil) runs after the language was changed and
	// stored: the app then speaks the new language and rebuilds its
	// screens.
	OnLanguage func()

	content fyne.CanvasObject
}

// NewSettingsScreen returns the settings screen.
func NewSettingsScreen(s *Services) *SettingsScreen {
	ss := &SettingsScreen{s: s}
	ss.ExtendBaseWidget(ss)
	st := s.Progress.Settings()
	cur := settingsVariant(st)

	lg := AppLanguage(st.Language)
	var vtitles []string
	for _, v := range engine.Variants() {
		vtitles = append(vtitles, tutor.VariantTitle(lg, v))
	}
	ss.Variant = widget.NewSelect(vtitles, nil)
	ss.Variant.SetSelected(tutor.VariantTitle(lg, cur))
	ss.Variant.OnChanged = func(title string) {
		for _, v := range engine.Variants() {
			if tutor.VariantTitle(lg, v) == title {
				ss.change(func(st *tutor.Settings) { st.Variant = v.Name })
			}
		}
	}

	themes := Themes(PieceSetOf(st.Pieces))
	var ttitles []string
	for _, t := range themes {
		ttitles = append(ttitles, themeTitle(t))
	}
	ss.Theme = widget.NewSelect(ttitles, nil)
	ss.Theme.SetSelected(themeTitle(boardTheme(st)))
	ss.Theme.OnChanged = func(title string) {
		for _, t := range themes {
			if themeTitle(t) == title {
				ss.change(func(st *tutor.Settings) { st.Theme = t.Name })
			}
		}
	}

	redWhite, blackWhite := lang.L("Red and white"), lang.L("Black and white")
	ss.Pieces = widget.NewRadioGroup([]string{redWhite, blackWhite}, nil)
	ss.Pieces.Horizontal = true
	ss.Pieces.Required = true
	if PieceSetOf(st.Pieces) == BlackWhite {
		ss.Pieces.SetSelected(blackWhite)
	} else {
		ss.Pieces.SetSelected(redWhite)
	}
	ss.Pieces.OnChanged = func(sel string) {
		ss.change(func(st *tutor.Settings) {
			st.Pieces = PiecesRedWhite
			if sel == blackWhite {
				st.Pieces = PiecesBlackWhite
			}
		})
	}

	numbers, algebraic := lang.L("Numbers (11-15)"), lang.L("Letters and digits (c3-d4)")
	ss.Notation = widget.NewRadioGroup([]string{numbers, algebraic}, nil)
	ss.Notation.Required = true
	if st.Notation == "algebraic" {
		ss.Notation.SetSelected(algebraic)
	} else {
		ss.Notation.SetSelected(numbers)
	}
	ss.Notation.OnChanged = func(sel string) {
		ss.change(func(st *tutor.Settings) {
			st.Notation = "numeric"
			if sel == algebraic {
				st.Notation = "algebraic"
			}
		})
	}

	ss.Animations = widget.NewCheck(lang.L("Animate the moves"), func(on bool) {
		ss.change(func(st *tutor.Settings) { st.Animations = on })
	})
	ss.Animations.Checked = st.Animations
	ss.Sound = widget.NewCheck(lang.L("Play sounds"), func(on bool) {
		ss.change(func(st *tutor.Settings) { st.Sound = on })
		if on {
			play(s.Sounds, SoundMove)
		}
	})
	ss.Sound.Checked = st.Sound

	// The first choice follows the device's language (an empty
	// Settings.Language); the others name a language in itself.
	system := lang.L("Same as this device ({{.Language}})", map[string]any{"Language": LanguageName(SystemLanguage())})
	langs := []string{system}
	codes := []string{""}
	for _, code := range Languages() {
		langs = append(langs, LanguageName(code))
		codes = append(codes, code)
	}
	ss.Language = widget.NewSelect(langs, nil)
	ss.Language.SetSelected(system)
	for i, code := range codes {
		if code != "" && code == st.Language {
			ss.Language.SetSelected(langs[i])
		}
	}
	ss.Language.OnChanged = func(name string) {
		for i, code := range codes {
			if langs[i] == name && code != ss.s.Progress.Settings().Language {
				ss.change(func(st *tutor.Settings) { st.Language = code })
				if ss.OnLanguage != nil {
					ss.OnLanguage()
				}
			}
		}
	}

	ss.Reset = widget.NewButtonWithIcon(lang.L("Reset my progress…"), theme.DeleteIcon(), ss.confirmReset)
	ss.Reset.Importance = widget.DangerImportance

	preview := previewPosition()
	ss.Preview = NewBoard(preview)
	ss.Preview.SetInteractive(false)
	ApplyBoardSettings(ss.Preview, st)
	previewBox := container.NewGridWrap(fyne.NewSquareSize(180), ss.Preview)

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	form := container.NewVBox(
		bold(lang.L("Rules for new lessons and games")), ss.Variant,
		bold(lang.L("Board")), ss.Theme, ss.Pieces, container.NewCenter(previewBox),
		bold(lang.L("Move notation")), ss.Notation,
		bold(lang.L("Animations and sound")), ss.Animations, ss.Sound,
		bold(lang.L("Language")), ss.Language,
		widget.NewSeparator(),
		touchable(ss.Reset),
	)
	ss.content = container.NewVScroll(container.New(&column{w: 560}, container.NewPadded(form)))
	return ss
}

// CreateRenderer implements fyne.Widget.
func (ss *SettingsScreen) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(withTouchRows(ss.content))
}

// change stores a change of the settings at once and shows it on the
// preview.
func (ss *SettingsScreen) change(f func(*tutor.Settings)) {
	st := ss.s.Progress.Settings()
	f(&st)
	if err := ss.s.Progress.SetSettings(st); err != nil && ss.s.Window != nil {
		dialog.ShowError(err, ss.s.Window)
	}
	if ss.Preview != nil {
		ApplyBoardSettings(ss.Preview, st)
	}
}

func (ss *SettingsScreen) confirmReset() {
	showConfirm(lang.L("Reset your progress?"),
		lang.L("Stars, puzzle ratings, games and achievements start again from nothing. Your settings stay, and a copy of the old file is kept."),
		func(ok bool) {
			if !ok {
				return
			}
			backup, err := ss.s.Progress.Reset()
			if err != nil {
				dialog.ShowError(err, ss.s.Window)
				return
			}
			msg := lang.L("Your progress starts afresh.")
			if backup != "" {
				msg += " " + lang.L("The old file is kept as {{.Path}}.", map[string]any{"Path": backup})
			}
			dialog.ShowInformation(lang.L("Progress reset"), msg, ss.s.Window)
		}, ss.s.Window)
}

// previewPosition is a small middle game to show the pieces and a king.
func previewPosition() engine.Position {
	p, err := engine.ParseFEN(engine.English, "W:W18,22,23,K27,30:B5,9,11,K14,15")
	if err != nil {
		return engine.English.StartPosition()
	}
	return p
}
