package widgets

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/checkerstutor/checkers/tutor"
)

// translationFiles are the app's translations, one JSON file per language
// (en.json, nl.json, de.json), keyed by the English text. Besides the
// app's own texts they carry the words of Fyne's dialogs and menus (Yes,
// No, Cancel, Copy, …; FyneKeys), so that those follow the learner's
// choice of language too.
//
//go:embed translations/*.json
var translationFiles embed.FS

// FyneKeys are the keys of Fyne's own translations (fyne/v2/lang, used by
// its dialogs, file dialogs and text-entry menus) that the app's
// translation files carry as well.
var FyneKeys = []string{"Cancel", "Confirm", "Copy", "Create Folder", "Cut", "Enter filename", "Error",
	"Favourites", "File", "Folder", "New Folder", "No", "OK", "Open", "Paste", "Redo", "Save", "Select all",
	"Show Hidden Files", "Undo", "Yes", "file.name", "file.parent"}

// fyneTags are the languages fyne/v2/lang v2.7.1 has translations for
// (its lang/translations/base.*.json). The localizer Fyne builds speaks
// one of them, or one of ours.
var fyneTags = []string{"cs", "de", "el", "en", "es", "fr", "pl", "pt", "pt-BR", "ru", "sv", "ta", "uk", "zh-Hans"}

// LoadTranslations registers the bundled translations with fyne/lang in
// the system's language (SetLanguage("")); call it once before building
// the screens. NewApp then applies the learner's choice.
func LoadTranslations() error { return SetLanguage("") }

// SystemLanguage returns the app's language for the system's locale: "nl"
// or "de" when the system speaks Dutch or German, else "en".
func SystemLanguage() string {
	code := tutor.LanguageOf(string(lang.SystemLocale()))
	if !slices.Contains(Languages(), code) {
		return "en"
	}
	return code
}

// AppLanguage returns the language the app speaks for a
// tutor.Settings.Language value: the value itself when the app has that
// language ("nl", "de-AT" and "nl_NL.UTF-8" work too), the system's
// language when it is empty, and English otherwise.
func AppLanguage(setting string) string {
	if strings.TrimSpace(setting) == "" {
		return SystemLanguage()
	}
	code := tutor.LanguageOf(setting)
	if !slices.Contains(Languages(), code) {
		return "en"
	}
	return code
}

// SetLanguage makes lang.L and its kin answer in the language a
// tutor.Settings.Language value names (see AppLanguage; "" follows the
// system). It works at any time; screens built before keep their words,
// so the app rebuilds what is shown. Call it on the Fyne goroutine.
//
// Fyne 2.7 picks its language from the system's locale and has no way to
// choose another, so SetLanguage registers the chosen language's texts
// under every language Fyne may pick. Following the system again leaves
// Fyne's own words (FyneKeys) of a language the app does not have as the
// last choice made them until the app is restarted.
func SetLanguage(setting string) error {
	code := AppLanguage(setting)
	msgs, err := readMessages(code)
	if err != nil {
		return err
	}
	tags := append([]string(nil), fyneTags...)
	for _, t := range append(Languages(), lang.SystemLocale().LanguageString()) {
		if t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	var firstErr error
	for _, tag := range tags {
		m := msgs
		if setting == "" && !slices.Contains(Languages(), tag) {
			m = withoutKeys(msgs, FyneKeys) // leave Fyne its own words there
		}
		data, err := json.Marshal(allPluralForms(m))
		if err != nil {
			return fmt.Errorf("translations: %s: %w", code, err)
		}
		if err := lang.AddTranslationsForLocale(data, fyne.Locale(tag)); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("translations: %s as %s: %w", code, tag, err)
		}
	}
	if want, ok := msgs["Settings"].(string); ok && lang.L("Settings") != want {
		if firstErr != nil {
			return firstErr
		}
		return fmt.Errorf("translations: the texts could not be set to %s (%q says %q)", code, "Settings", lang.L("Settings"))
	}
	return nil
}

// readMessages reads translations/<code>.json.
func readMessages(code string) (map[string]any, error) {
	data, err := translationFiles.ReadFile("translations/" + code + ".json")
	if err != nil {
		return nil, fmt.Errorf("translations: no texts for language %q", code)
	}
	var msgs map[string]any
	if err := json.Unmarshal(data, &msgs); err != nil {
		return nil, fmt.Errorf("translations: %s.json: %w", code, err)
	}
	return msgs, nil
}

func withoutKeys(msgs map[string]any, keys []string) map[string]any {
	out := make(map[string]any, len(msgs))
	for k, v := range msgs {
		if !slices.Contains(keys, k) {
			out[k] = v
		}
	}
	return out
}

// allPluralForms gives every plural message every CLDR form, the missing
// ones copied from "other", so that a language with more forms than
// English (Russian, Polish, …), under which the texts may be registered,
// finds one.
func allPluralForms(msgs map[string]any) map[string]any {
	out := make(map[string]any, len(msgs))
	for k, v := range msgs {
		forms, ok := v.(map[string]any)
		if !ok {
			out[k] = v
			continue
		}
		full := map[string]any{}
		for f, t := range forms {
			full[f] = t
		}
		for _, f := range []string{"zero", "one", "two", "few", "many"} {
			if _, ok := full[f]; !ok {
				full[f] = forms["other"]
			}
		}
		out[k] = full
	}
	return out
}

// Languages lists the codes of the bundled translations ("en", "de",
// "nl"), sorted, English first.
func Languages() []string {
	entries, _ := translationFiles.ReadDir("translations")
	var out []string
	for _, e := range entries {
		if name := e.Name(); path.Ext(name) == ".json" {
			out = append(out, strings.TrimSuffix(name, ".json"))
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i] == "en") != (out[j] == "en") {
			return out[i] == "en"
		}
		return out[i] < out[j]
	})
	return out
}

// languageNames are the names of languages in themselves.
var languageNames = map[string]string{"en": "English", "nl": "Nederlands", "de": "Deutsch", "ru": "Русский", "fr": "Français"}

// LanguageName returns the name of language code in that language, or the
// code itself.
func LanguageName(code string) string {
	if n, ok := languageNames[code]; ok {
		return n
	}
	return code
}

// themeTitle is the title of board theme t in the learner's language.
func themeTitle(t BoardTheme) string {
	switch t.Name {
	case "tournament":
		return lang.L("Tournament green and buff")
	case "wood":
		return lang.L("Wooden board")
	case "high-contrast":
		return lang.L("High contrast")
	}
	return t.Title
}
