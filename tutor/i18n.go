package tutor

import (
	"fmt"
	"sort"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// Language codes of the texts the tutor writes. Courses and the sentences
// built in Go exist in each of them.
const (
	LangEnglish = "en"
	LangDutch   = "nl"
	LangGerman  = "de"
)

// Languages returns the language codes the tutor speaks, English first.
func Languages() []string { return []string{LangEnglish, LangDutch, LangGerman} }

// LanguageOf returns the tutor's language for a code as settings or the
// system give it: "nl", "NL", "nl-BE" and "nl_NL.UTF-8" all give "nl". An
// unknown or empty code gives English.
func LanguageOf(code string) string {
	code = strings.ToLower(strings.TrimSpace(code))
	if i := strings.IndexAny(code, "-_."); i >= 0 {
		code = code[:i]
	}
	if _, ok := catalogues[code]; ok {
		return code
	}
	return LangEnglish
}

// message is one entry of a catalogue: the sentence, and the form for a
// count of one where the language needs it. The count is the argument
// named "n".
type message struct {
	other string
	one   string
}

// catalogue maps keys to the messages of one language.
type catalogue map[string]message

// catalogues holds every language's messages, filled by i18n_<lang>.go.
var catalogues = map[string]catalogue{}

// Message returns the message key in language lang with its placeholders
// filled. args are pairs of a placeholder's name and its value:
//
//	Message("nl", "goal.gain", "n", 2) // "Win 2 stukken."
//
// A placeholder is written {name} in the catalogue, or {name:lower} for
// the value in lower case. When there is an argument "n" and the count is
// 1, the message's singular form is used. A key missing from lang falls
// back to English, and a key missing from English gives the key itself.
func Message(lang, key string, args ...any) string {
	m, ok := catalogues[LanguageOf(lang)][key]
	if !ok {
		if m, ok = catalogues[LangEnglish][key]; !ok {
			return key
		}
	}
	text := m.other
	vals := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		name := fmt.Sprint(args[i])
		vals[name] = fmt.Sprint(args[i+1])
		if name == "n" && m.one != "" && isOne(args[i+1]) {
			text = m.one
		}
	}
	return fill(text, vals)
}

func isOne(v any) bool {
	switch n := v.(type) {
	case int:
		return n == 1
	case int32:
		return n == 1
	case int64:
		return n == 1
	}
	return fmt.Sprint(v) == "1"
}

// fill replaces the placeholders of text by their values; a placeholder
// without a value stays as it is.
func fill(text string, vals map[string]string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(text[:i])
		name, mod, _ := strings.Cut(text[i+1:i+j], ":")
		v, ok := vals[name]
		switch {
		case !ok:
			b.WriteString(text[i : i+j+1])
		case mod == "lower":
			b.WriteString(strings.ToLower(v))
		default:
			b.WriteString(v)
		}
		text = text[i+j+1:]
	}
	b.WriteString(text)
	return b.String()
}

// placeholders returns the sorted names of the placeholders in text.
func placeholders(text string) []string {
	seen := map[string]bool{}
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		name, _, _ := strings.Cut(text[i+1:i+j], ":")
		seen[name] = true
		text = text[i+j+1:]
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// MessageKeys returns every key of the English catalogue, sorted.
func MessageKeys() []string {
	keys := make([]string, 0, len(catalogues[LangEnglish]))
	for k := range catalogues[LangEnglish] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// HasMessage reports whether language lang has its own text for key (not
// the English fallback).
func HasMessage(lang, key string) bool {
	_, ok := catalogues[lang][key]
	return ok
}

// lang is the language of the words' sentences.
func (w Words) lang() string { return LanguageOf(w.Language) }

// tr is Message in the words' language.
func (w Words) tr(key string, args ...any) string { return Message(w.Language, key, args...) }

// list writes names joined by "and" (or "or" when or is set) in the words'
// language.
func (w Words) list(names []string, or bool) string {
	word := w.tr("word.and")
	if or {
		word = w.tr("word.or")
	}
	return joinAnd(names, word)
}

// ColorNamesIn returns names in language lang: the English words White,
// Black and Red (in any case) become the language's words (Wit, Zwart,
// Rood; Weiß, Schwarz, Rot); other names, a theme's own, stay as they are.
// The app passes the result as Words.Names.
func ColorNamesIn(lang string, names engine.ColorNames) engine.ColorNames {
	return engine.ColorNames{White: colourWord(lang, names.Of(engine.White)),
		Black: colourWord(lang, names.Of(engine.Black))}
}

func colourWord(lang, name string) string {
	switch strings.ToLower(name) {
	case "white":
		return Message(lang, "colour.white")
	case "black":
		return Message(lang, "colour.black")
	case "red":
		return Message(lang, "colour.red")
	}
	return name
}

// VariantTitle returns the name of variant v in language lang, as players
// of that language call it ("Engels dammen", "Russische Dame").
func VariantTitle(lang string, v *engine.Variant) string {
	key := "variant." + v.Name
	if _, ok := catalogues[LangEnglish][key]; !ok {
		return v.Title
	}
	return Message(lang, key)
}

// ReasonName returns a short name of why a game ended, in language lang
// (engine.Reason.String in English); "" for NotOver.
func ReasonName(lang string, r engine.Reason) string {
	if r == engine.NotOver {
		return ""
	}
	if _, ok := reasonKeys[r]; !ok {
		return r.String()
	}
	return Message(lang, "reason."+reasonKeys[r])
}

var reasonKeys = map[engine.Reason]string{
	engine.NoPieces: "no-pieces", engine.NoMoves: "no-moves", engine.Resignation: "resignation",
	engine.Agreement: "agreement", engine.Repetition: "repetition", engine.QuietMoves: "quiet-moves",
	engine.MoveLimit: "move-limit", engine.KingsOnly: "kings-only", engine.ThreeKingsVsKing: "three-kings",
	engine.SmallEnding: "small-ending", engine.PieceCount: "piece-count", engine.LongDiagonal: "long-diagonal",
}

// AchievementTitleIn returns the title of an achievement id in language
// lang.
func AchievementTitleIn(lang, id string) string {
	if _, ok := achievementTitles[id]; ok {
		return Message(lang, "achievement."+id)
	}
	if c, ok := strings.CutPrefix(id, "course-"); ok {
		return Message(lang, "achievement.course", "course", c)
	}
	return id
}

// numberWord writes small counts as words in the words' language.
func (w Words) numberWord(n int) string {
	if n >= 0 && n <= 5 {
		return w.tr(fmt.Sprintf("number.%d", n))
	}
	return fmt.Sprint(n)
}
