//! The rules texts the page shows (`variants::rules_html_in`): one per variant in every language of
//! `RULES_LANGUAGES`, every diagram in them a valid position of its variant (the page draws diagrams with
//! the engine, so a typo would show an empty frame), and each translation in step with the English:
//! the same tags in the same order (so the same diagrams and highlights) and the same notation.

use engine::variants::{self, REGISTRY, RULES_LANGUAGES};
use engine::Game;

/// The values of `attribute="…"` in an HTML fragment.
fn attribute_values<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let marker = format!("{attribute}=\"");
    html.match_indices(&marker)
        .filter_map(|(at, _)| {
            let rest = &html[at + marker.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// Every tag of an HTML fragment, whole (`<figure class="diagram" data-position="…">`, `</b>`), in order.
fn tags(html: &str) -> Vec<&str> {
    html.match_indices('<')
        .map(|(at, _)| {
            let end = html[at..].find('>').map_or(html.len(), |end| at + end + 1);
            &html[at..end]
        })
        .collect()
}

/// The contents of every `<code>…</code>`, in order: the notation the texts quote (moves, positions).
fn code_spans(html: &str) -> Vec<&str> {
    html.split("<code>").skip(1).map(|rest| rest.split("</code>").next().unwrap_or(rest)).collect()
}

/// The words of a fragment: everything outside its tags and its `<code>` spans.
fn words(html: &str) -> String {
    let mut text = String::new();
    for piece in html.split("<code>") {
        let prose = piece.split_once("</code>").map_or(piece, |(_, after)| after);
        for (i, part) in prose.split('<').enumerate() {
            text.push_str(if i == 0 { part } else { part.split_once('>').map_or("", |(_, after)| after) });
        }
    }
    text
}

fn text(slug: &str, language: &str) -> &'static str {
    variants::rules_html_in(slug, language).unwrap_or_else(|| panic!("{slug}: no rules text in {language}"))
}

#[test]
fn every_variant_has_rules_text_in_every_language_and_its_diagrams_are_positions() {
    let mut diagrams = 0;
    for rules in REGISTRY {
        let info = rules.info();
        assert_eq!(variants::rules_html(info.slug), Some(text(info.slug, "en")), "{}: the English text", info.slug);
        for language in RULES_LANGUAGES {
            let html = text(info.slug, language);
            assert!(html.contains("<h3") || html.contains("<p"), "{} ({language}): the rules text is HTML", info.slug);
            for position in attribute_values(html, "data-position") {
                Game::from_slug(info.slug, Some(position))
                    .unwrap_or_else(|e| panic!("{} ({language}): diagram {position:?}: {}", info.slug, e.message));
                diagrams += 1;
            }
        }
    }
    assert!(diagrams >= 6 * RULES_LANGUAGES.len(), "the texts have diagrams ({diagrams})");
    assert_eq!(variants::rules_html("xiangqi"), None);
    assert_eq!(variants::rules_html_in("chess", "de"), None);
}

/// A translation says what the English says, in the same shape: the same tags in the same order (with
/// their attributes, so the same diagrams, positions and highlights) and the same notation in `<code>`.
/// Only the words differ, and they do differ (a copy of the English is no translation).
#[test]
fn every_translation_keeps_the_english_structure_diagrams_and_notation() {
    for rules in REGISTRY {
        let slug = rules.info().slug;
        let english = text(slug, "en");
        for language in RULES_LANGUAGES.iter().filter(|l| **l != "en") {
            let translated = text(slug, language);
            let (a, b) = (tags(english), tags(translated));
            if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
                panic!(
                    "{slug} ({language}): tag {i} differs from the English: {:?} against {:?} ({} tags against {})",
                    b.get(i),
                    a.get(i),
                    b.len(),
                    a.len()
                );
            }
            for attribute in ["data-position", "data-highlight"] {
                assert_eq!(
                    attribute_values(translated, attribute),
                    attribute_values(english, attribute),
                    "{slug} ({language}): {attribute}"
                );
            }
            assert_eq!(code_spans(translated), code_spans(english), "{slug} ({language}): the notation in <code>");
            assert!(
                words(translated) != words(english),
                "{slug} ({language}): a copy of the English, not a translation"
            );
        }
    }
}

/// Each variant's crate (`crate/variants/<slug>/`) holds its `<slug>.rules.html` (English) and
/// `<slug>.rules.<language>.html`, which the build copies to `dist/rules/` for the variants it carries:
/// each file is named for its crate's folder and a known language, and every variant of this build has
/// one per language.
#[test]
fn every_rules_file_belongs_to_a_variant_and_a_language() {
    let variants_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut files = Vec::new();
    for folder in std::fs::read_dir(variants_dir).expect("the variants folder") {
        let folder = folder.expect("an entry").path();
        if !folder.join("Cargo.toml").exists() || folder.ends_with("src") {
            continue;
        }
        let crate_slug = folder.file_name().expect("a name").to_string_lossy().into_owned();
        for entry in std::fs::read_dir(&folder).expect("a variant's folder") {
            let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
            let Some((slug, rest)) = name.split_once(".rules") else { continue };
            assert_eq!(slug, crate_slug, "{name}: a rules file is named for its variant's folder");
            let language = match rest {
                ".html" => "en",
                _ => rest.strip_prefix('.').and_then(|r| r.strip_suffix(".html")).unwrap_or_else(|| {
                    panic!("{name}: a rules file is <slug>.rules.html or <slug>.rules.<language>.html")
                }),
            };
            // English is the bare name: `<slug>.rules.en.html` would be a second English text.
            let known = rest == ".html" || (language != "en" && RULES_LANGUAGES.contains(&language));
            assert!(known, "{name}: unknown language {language:?}");
            if variants::by_slug(slug).is_ok() {
                files.push((slug.to_string(), language.to_string()));
            }
        }
    }
    for rules in REGISTRY {
        for language in RULES_LANGUAGES {
            let slug = rules.info().slug;
            assert!(
                files.iter().any(|(s, l)| s == slug && l == language),
                "{slug}: no rules file in {language} in its crate's folder"
            );
        }
    }
    assert_eq!(files.len(), REGISTRY.len() * RULES_LANGUAGES.len());
}
