package widgets_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

// usedKey is a translation key the widgets code passes to fyne/lang, and
// whether it is a plural (lang.N, lang.XN).
type usedKey struct {
	key    string
	plural bool
	where  string
}

// usedKeys parses widgets/*.go (not the tests) and returns the literal
// keys of every lang.L, lang.X, lang.N and lang.XN call. A call whose key
// is not a literal is reported as an error: every text must be findable.
func usedKeys(t *testing.T) map[string]usedKey {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	keys := map[string]usedKey{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "lang" {
				return true
			}
			fn := sel.Sel.Name
			switch fn {
			case "L", "X", "N", "XN", "Localize", "LocalizeKey", "LocalizePlural", "LocalizePluralKey":
			default:
				return true
			}
			pos := fset.Position(call.Pos()).String()
			if len(call.Args) == 0 {
				t.Errorf("%s: lang.%s without a key", pos, fn)
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: lang.%s with a key that is not a string literal: the key tests cannot see it", pos, fn)
				return true
			}
			key, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			plural := fn == "N" || fn == "XN" || fn == "LocalizePlural" || fn == "LocalizePluralKey"
			if old, ok := keys[key]; ok && old.plural != plural {
				t.Errorf("%s: key %q is used both as a plural and not (also at %s)", pos, key, old.where)
			}
			keys[key] = usedKey{key: key, plural: plural, where: pos}
			return true
		})
	}
	return keys
}

// readTranslations reads translations/<code>.json as fyne/lang reads it:
// a key maps to a string, or to plural forms.
func readTranslations(t *testing.T, code string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("translations", code+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s.json: %v", code, err)
	}
	return m
}

// placeholders returns the sorted {{.Name}} fields of a template text.
func placeholders(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "{{.")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			break
		}
		out = append(out, s[i+3:i+j])
		s = s[i+j+2:]
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// TestTranslations_EveryKeyInEveryLanguage fails when a key the code uses
// has no text in one of the translation files, when a file has a key
// nobody uses (Fyne's own words, widgets.FyneKeys, excepted), when a
// plural key lacks its "one" or "other" form, or when a translation
// drops or invents a {{.Placeholder}}.
func TestTranslations_EveryKeyInEveryLanguage(t *testing.T) {
	used := usedKeys(t)
	if len(used) < 100 {
		t.Fatalf("found only %d keys in widgets/*.go: the parser misses calls", len(used))
	}
	langs := widgets.Languages()
	for _, want := range []string{"en", "nl", "de"} {
		if !slices.Contains(langs, want) {
			t.Fatalf("Languages() = %v, want %s among them", langs, want)
		}
	}
	for _, code := range langs {
		msgs := readTranslations(t, code)
		for key, u := range used {
			v, ok := msgs[key]
			if !ok {
				t.Errorf("%s.json has no %q (used at %s)", code, key, u.where)
				continue
			}
			var forms []string
			switch x := v.(type) {
			case string:
				if u.plural {
					t.Errorf("%s.json: %q is a plural (lang.N at %s) and needs \"one\" and \"other\" forms", code, key, u.where)
				}
				forms = []string{x}
			case map[string]any:
				if !u.plural {
					t.Errorf("%s.json: %q has plural forms but is used as lang.L at %s", code, key, u.where)
				}
				for _, f := range []string{"one", "other"} {
					s, ok := x[f].(string)
					if !ok || s == "" {
						t.Errorf("%s.json: %q has no %q form", code, key, f)
					}
					forms = append(forms, s)
				}
			default:
				t.Errorf("%s.json: %q is neither a text nor plural forms", code, key)
				continue
			}
			want := placeholders(key)
			for _, s := range forms {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%s.json: %q is empty", code, key)
				}
				got := placeholders(s)
				// a singular may write the count as a word
				if u.plural && len(got) < len(want) {
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s.json: %q has placeholders %v, the key has %v", code, key, got, want)
				}
			}
		}
		for key := range msgs {
			if _, ok := used[key]; !ok && !slices.Contains(widgets.FyneKeys, key) {
				t.Errorf("%s.json has %q, which widgets/*.go does not use", code, key)
			}
		}
		for _, key := range widgets.FyneKeys {
			if _, ok := msgs[key]; !ok {
				t.Errorf("%s.json has no text for Fyne's %q", code, key)
			}
		}
	}
}

// chooseLanguage stores code as the learner's language in s's progress,
// and has the app follow the system (English in these tests) again when
// the test ends.
func chooseLanguage(t *testing.T, p *tutor.Progress, code string) {
	t.Helper()
	st := p.Settings()
	st.Language = code
	if err := p.SetSettings(st); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := widgets.SetLanguage(""); err != nil {
			t.Error(err)
		}
	})
}

// languageCase is what the screens say in one language.
type languageCase struct {
	lang                                  string
	continueBtn, lessons, settings, stars string
	stepOf                                string
}

var languageCases = []languageCase{
	{lang: "nl", continueBtn: "Begin met de eerste les", lessons: "Lessen", settings: "Instellingen",
		stars: "0 sterren", stepOf: "Stap 1 van 2"},
	{lang: "de", continueBtn: "Mit der ersten Lektion beginnen", lessons: "Lektionen", settings: "Einstellungen",
		stars: "0 Sterne", stepOf: "Schritt 1 von 2"},
}

// TestApp_HomeSpeaksTheLanguageOfTheSettings builds the app for a learner
// who chose Dutch or German: the home screen, the line of what Continue
// resumes (the lesson's title in that language) and the settings speak it.
func TestApp_HomeSpeaksTheLanguageOfTheSettings(t *testing.T) {
	course := englishCourse(t)
	for _, tc := range languageCases {
		t.Run(tc.lang, func(t *testing.T) {
			test.NewTempApp(t)
			checkThreads(t)
			p, _, err := tutor.OpenProgress(filepath.Join(t.TempDir(), "progress.json"), tutor.NewFixedClock(testDay))
			if err != nil {
				t.Fatal(err)
			}
			chooseLanguage(t, p, tc.lang)
			w := test.NewTempWindow(t, nil)
			w.Resize(fyne.NewSize(360, 640))
			s := &widgets.Services{App: fyne.CurrentApp(), Window: w, Progress: p, Endgames: noEndgames}
			app := widgets.NewApp(s, widgets.DefaultScreens(s))
			h := app.Home
			for _, c := range []struct{ got, want string }{
				{h.Continue.Text, tc.continueBtn}, {h.Lessons.Text, tc.lessons}, {h.Settings.Text, tc.settings},
			} {
				if c.got != c.want {
					t.Errorf("home button says %q, want %q", c.got, c.want)
				}
			}
			first := course.Lessons[0]
			want := course.Localized(tc.lang).Title + ": " + first.Localized(tc.lang).Title
			if got := h.ContinueText(); got != want || got == course.Title+": "+first.Title {
				t.Errorf("Continue resumes %q, want %q (not the English titles)", got, want)
			}
			if got := h.Figures(); !strings.HasPrefix(got, tc.stars) {
				t.Errorf("figures %q, want them to start with %q", got, tc.stars)
			}
			test.Tap(h.Settings)
			if got := app.Shell.Title(); got != tc.settings {
				t.Errorf("settings title %q, want %q", got, tc.settings)
			}
			if got := app.Settings().Language.Selected; got != widgets.LanguageName(tc.lang) {
				t.Errorf("the language choice shows %q, want %q", got, widgets.LanguageName(tc.lang))
			}
		})
	}
}

// TestLessonScreen_SpeaksTheLanguageOfTheSettings opens the first lesson
// for a Dutch or German learner: the step's texts are the course's
// translation, and a wrong move gets the tutor's sentence in that
// language.
func TestLessonScreen_SpeaksTheLanguageOfTheSettings(t *testing.T) {
	course := englishCourse(t)
	l := course.Lesson("moving")
	if l == nil {
		t.Fatal("the English course has no lesson \"moving\"")
	}
	for _, tc := range languageCases {
		t.Run(tc.lang, func(t *testing.T) {
			s, nav := newServices(t, fyne.NewSize(360, 640))
			chooseLanguage(t, s.Progress, tc.lang)
			if err := widgets.SetLanguage(tc.lang); err != nil {
				t.Fatal(err)
			}
			widgets.OpenLesson(s, course, "moving")
			view := nav.top(t)
			if got := widgets.LessonProgressText(view); got != tc.stepOf {
				t.Errorf("progress %q, want %q", got, tc.stepOf)
			}
			step := l.Steps[0]
			tr, en := step.Localized(tc.lang), step.Localized("en")
			if tr.Title == en.Title || tr.Explain == en.Explain {
				t.Fatalf("the course has no %s texts for the first step", tc.lang)
			}
			title, explain, _ := widgets.LessonTexts(view)
			if title != tr.Title || explain != tr.Explain {
				t.Errorf("step shows %q / %q, want %q / %q", title, explain, tr.Title, tr.Explain)
			}

			board := widgets.ScreenBoard(view)
			th := board.Theme()
			names := engine.ColorNames{White: th.White.Name, Black: th.Black.Name}
			ref := func(lang string) tutor.Feedback {
				sess, err := tutor.NewLessonSession(course, "moving", tutor.LessonOptions{Language: lang,
					Words: tutor.Words{Names: tutor.ColorNamesIn(lang, names), Language: lang}})
				if err != nil {
					t.Fatal(err)
				}
				defer sess.Close()
				start := board.GamePosition()
				m, err := start.ParseMove("22-17")
				if err != nil {
					t.Fatal(err)
				}
				fb, err := sess.Play(t.Context(), m)
				if err != nil || fb.Kind != tutor.FeedbackWrong {
					t.Fatalf("reference answer %+v, %v", fb, err)
				}
				return fb
			}
			want, english := ref(tc.lang).Text, ref("en").Text
			if want == english {
				t.Fatalf("the tutor says %q in %s as in English", want, tc.lang)
			}
			tapMove(t, view, 22, 17)
			wantBanner(t, view, "mistake", want)
		})
	}
}

// TestSettings_ChangingTheLanguageRebuildsTheScreens picks Dutch, then
// German, then the device's language in the settings: the home screen,
// the title bar and the settings speak the new language at once, and the
// choice is stored ("" for the device's).
func TestSettings_ChangingTheLanguageRebuildsTheScreens(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	t.Cleanup(func() { _ = widgets.SetLanguage("") })
	h.tap(h.app.Home.Settings)
	for _, c := range []struct{ choice, stored, settings, continueBtn string }{
		{"Nederlands", "nl", "Instellingen", "Begin met de eerste les"},
		{"Deutsch", "de", "Einstellungen", "Mit der ersten Lektion beginnen"},
		{"Wie dieses Gerät (English)", "", "Settings", "Start the first lesson"}, // said in German
	} {
		ss := h.app.Settings()
		if ss == nil {
			t.Fatalf("choosing %s left the settings", c.choice)
		}
		if c.stored == "" && ss.Language.Options[0] != c.choice {
			t.Errorf("the first language choice is %q, want %q", ss.Language.Options[0], c.choice)
		}
		if !slices.Contains(ss.Language.Options, c.choice) {
			t.Fatalf("language choices %q have no %q", ss.Language.Options, c.choice)
		}
		ss.Language.SetSelected(c.choice)
		if got := h.app.Services.Progress.Settings().Language; got != c.stored {
			t.Errorf("after %s the settings store language %q, want %q", c.choice, got, c.stored)
		}
		if got := h.app.Shell.Title(); got != c.settings {
			t.Errorf("after %s the title bar says %q, want %q", c.choice, got, c.settings)
		}
		if got := h.app.Home.Continue.Text; got != c.continueBtn {
			t.Errorf("after %s home says %q, want %q", c.choice, got, c.continueBtn)
		}
	}
	h.app.Shell.Home()
	if h.app.Shell.Current() != h.app.Home {
		t.Error("going home does not show the rebuilt home screen")
	}
}

// TestAppLanguage_SettingOrSystem checks which language a Settings.Language
// value gives: its own, the system's (English in the tests) when empty,
// English when the app does not have it.
func TestAppLanguage_SettingOrSystem(t *testing.T) {
	for _, c := range []struct{ setting, want string }{
		{"", "en"}, {"nl", "nl"}, {"de", "de"}, {"de-AT", "de"}, {"nl_BE.UTF-8", "nl"}, {"en", "en"}, {"fr", "en"},
	} {
		if got := widgets.AppLanguage(c.setting); got != c.want {
			t.Errorf("AppLanguage(%q) = %q, want %q", c.setting, got, c.want)
		}
	}
}

// checkFits fails when a text of w is cut: a button or a label (that
// neither wraps nor ends in an ellipsis) narrower than its text, anything
// wider than the window or the scroll it is in (a vertical scroll cuts
// what is too wide), or anything sticking out below the window outside a
// scroll.
func checkFits(t *testing.T, w fyne.Window) {
	t.Helper()
	size := w.Canvas().Size()
	var walk func(o fyne.CanvasObject, at fyne.Position, left, right float32, scrolled bool)
	walk = func(o fyne.CanvasObject, at fyne.Position, left, right float32, scrolled bool) {
		if !o.Visible() {
			return
		}
		p := at.Add(o.Position())
		switch x := o.(type) {
		case *widget.Button:
			if x.Text != "" && o.Size().Width+0.5 < o.MinSize().Width {
				t.Errorf("button %q is %.0f wide, its text needs %.0f", x.Text, o.Size().Width, o.MinSize().Width)
			}
		case *widget.Label:
			if x.Wrapping == fyne.TextWrapOff && x.Truncation == fyne.TextTruncateOff && o.Size().Width+0.5 < o.MinSize().Width {
				t.Errorf("label %q is %.0f wide, its text needs %.0f", x.Text, o.Size().Width, o.MinSize().Width)
			}
		}
		if o.Size().Width > 0 && (p.X < left-1 || p.X+o.Size().Width > right+1) {
			t.Errorf("%T %s at x %.0f..%.0f is cut at %.0f..%.0f", o, textOf(o), p.X, p.X+o.Size().Width, left, right)
			return
		}
		if !scrolled && p.Y+o.Size().Height > size.Height+1 {
			t.Errorf("%T %s at %v size %v sticks out of the %v window", o, textOf(o), p, o.Size(), size)
		}
		if sc, ok := o.(*container.Scroll); ok {
			scrolled = true
			if sc.Direction == container.ScrollVerticalOnly || sc.Direction == container.ScrollNone {
				left, right = max(left, p.X), min(right, p.X+o.Size().Width)
			} else {
				left, right = -1e9, 1e9
			}
		}
		switch c := o.(type) {
		case *fyne.Container:
			for _, k := range c.Objects {
				walk(k, p, left, right, scrolled)
			}
		case fyne.Widget:
			if r := test.WidgetRenderer(c); r != nil {
				for _, k := range r.Objects() {
					walk(k, p, left, right, scrolled)
				}
			}
		}
	}
	walk(w.Content(), fyne.NewPos(0, 0), 0, size.Width, false)
}

// textOf is the text of a button or label, for messages.
func textOf(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		return strconv.Quote(x.Text)
	case *widget.Label:
		return strconv.Quote(x.Text)
	case *canvas.Text:
		return strconv.Quote(x.Text)
	}
	return ""
}

// TestScreens_RenderInEachLanguageAtPhoneSize shows home, the game
// setup, a game, the settings, a lesson and the lessons and puzzles lists
// in Dutch, German and English on a 360x640 phone: the longer words must
// wrap or fit, never be cut.
// With -screens=DIR the pictures are written there.
func TestScreens_RenderInEachLanguageAtPhoneSize(t *testing.T) {
	phone := fyne.NewSize(360, 640)
	for _, lang := range []string{"nl", "de", "en"} {
		t.Run(lang, func(t *testing.T) {
			test.NewTempApp(t)
			path := filepath.Join(t.TempDir(), "progress.json")
			p, _, err := tutor.OpenProgress(path, tutor.NewFixedClock(testDay))
			if err != nil {
				t.Fatal(err)
			}
			chooseLanguage(t, p, lang)
			h := newHarness(t, path, widgets.Screens{})
			h.win.Resize(phone)
			saveScreen(t, h.win, "home_"+lang)
			checkFits(t, h.win)

			h.tap(h.app.Home.Play)
			saveScreen(t, h.win, "setup_"+lang)
			checkFits(t, h.win)
			h.app.PlaySetup().Level.SetValue(1)
			h.tap(h.app.PlaySetup().Start)
			v := h.app.PlayView()
			if v == nil {
				t.Fatal("Start opened no game")
			}
			h.playFirstLegal(v)
			h.settle()
			saveScreen(t, h.win, "play_"+lang)
			checkFits(t, h.win)
			h.app.Shell.Home()
			h.tap(h.app.Home.Settings)
			saveScreen(t, h.win, "settings_"+lang)
			checkFits(t, h.win)
		})
		t.Run(lang+"/lesson", func(t *testing.T) {
			s, nav := newServices(t, phone)
			chooseLanguage(t, s.Progress, lang)
			if err := widgets.SetLanguage(lang); err != nil {
				t.Fatal(err)
			}
			widgets.OpenLesson(s, englishCourse(t), "compulsory")
			view := nav.top(t)
			saveScreen(t, nav.w, "lesson_"+lang)
			checkFits(t, nav.w)
			tapMove(t, view, 31, 27) // not allowed: 22 must capture
			saveScreen(t, nav.w, "lesson_illegal_"+lang)
			checkFits(t, nav.w)
			nav.w.SetContent(widgets.NewLessonsScreen(s))
			saveScreen(t, nav.w, "lessons_"+lang)
			checkFits(t, nav.w)
			nav.w.SetContent(widgets.NewPuzzlesScreen(s))
			saveScreen(t, nav.w, "puzzles_"+lang)
			checkFits(t, nav.w)
		})
	}
}

// TestApp_FollowsTheSystemLanguageByDefault starts a new learner (no
// language chosen) on a German system: the app and the tutor's texts
// speak German, and the settings offer the device's language first.
func TestApp_FollowsTheSystemLanguageByDefault(t *testing.T) {
	old, had := os.LookupEnv("LC_ALL")
	os.Setenv("LC_ALL", "de_DE.UTF-8")
	t.Cleanup(func() {
		if had {
			os.Setenv("LC_ALL", old)
		} else {
			os.Unsetenv("LC_ALL")
		}
		if err := widgets.SetLanguage(""); err != nil {
			t.Error(err)
		}
	})
	if got := widgets.SystemLanguage(); got != "de" {
		t.Fatalf("SystemLanguage() = %q on a German system", got)
	}
	test.NewTempApp(t)
	checkThreads(t)
	p, _, err := tutor.OpenProgress(filepath.Join(t.TempDir(), "progress.json"), tutor.NewFixedClock(testDay))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Settings().Language; got != "" {
		t.Fatalf("a new learner's language is %q, want \"\" (the system's)", got)
	}
	w := test.NewTempWindow(t, nil)
	s := &widgets.Services{App: fyne.CurrentApp(), Window: w, Progress: p, Endgames: noEndgames}
	app := widgets.NewApp(s, widgets.DefaultScreens(s))
	if got := app.Home.Continue.Text; got != "Mit der ersten Lektion beginnen" {
		t.Errorf("home says %q on a German system", got)
	}
	course := englishCourse(t)
	want := course.Localized("de").Title + ": " + course.Lessons[0].Localized("de").Title
	if got := app.Home.ContinueText(); got != want {
		t.Errorf("Continue resumes %q, want the German titles %q", got, want)
	}
	if got := app.LearnerWords(); got.Language != "de" || got.Names.Of(engine.White) != "Weiß" {
		t.Errorf("the tutor's words are %+v, want German", got)
	}
	test.Tap(app.Home.Settings)
	if got := app.Settings().Language.Selected; got != "Wie dieses Gerät (Deutsch)" {
		t.Errorf("the language choice shows %q", got)
	}
}

// TestPuzzleScreen_SpeaksTheLanguageOfTheSettings opens a bundled pack for
// a Dutch or German learner: the title bar names the pack, and the view
// the puzzle, in that language.
func TestPuzzleScreen_SpeaksTheLanguageOfTheSettings(t *testing.T) {
	packs, errs := puzzles.Bundled()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var pk *puzzles.Pack
	for _, p := range packs {
		if p.ID == "english-endgames" {
			pk = p
		}
	}
	if pk == nil {
		t.Fatal("no bundled pack english-endgames")
	}
	for _, tc := range languageCases {
		t.Run(tc.lang, func(t *testing.T) {
			s, nav := newServices(t, fyne.NewSize(360, 640))
			chooseLanguage(t, s.Progress, tc.lang)
			if err := widgets.SetLanguage(tc.lang); err != nil {
				t.Fatal(err)
			}
			one := *pk
			one.Puzzles = pk.Puzzles[:1]
			widgets.OpenPuzzles(s, engine.English, &one)
			title, _, _ := widgets.PuzzleTexts(nav.top(t))
			if want := one.Puzzles[0].Localized(tc.lang).Title; title != want || title == one.Puzzles[0].Title {
				t.Errorf("puzzle title %q, want %q", title, want)
			}
			if got, want := nav.stack[len(nav.stack)-1].title, pk.Text[tc.lang].Title; got != want || want == "" {
				t.Errorf("title bar %q, want %q", got, want)
			}
		})
	}
}
