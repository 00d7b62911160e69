package widgets

import (
	"embed"
	"path"
	"sort"
	"strings"

	"fyne.io/fyne/v2/lang"
)

// translationFiles are the app's translations, one JSON file per language
// (en.json, ...), keyed by the English text.
//
//go:embed translations/*.json
var translationFiles embed.FS

// LoadTranslations registers the bundled translations with fyne/lang; call
// it once before building the screens.
func LoadTranslations() error {
	return lang.AddTranslationsFS(translationFiles, "translations")
}

// Languages lists the codes of the bundled translations ("en", ...),
// sorted, English first.
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
