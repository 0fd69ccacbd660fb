//! The rules texts the page shows (`variants::rules_html`): one per variant, and every diagram in them
//! is a valid position of its variant (the page draws diagrams with the engine, so a typo would show
//! an empty frame).

use engine::variants::{self, REGISTRY};
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

#[test]
fn every_variant_has_rules_text_and_its_diagrams_are_positions() {
    let mut diagrams = 0;
    for rules in REGISTRY {
        let info = rules.info();
        let html = variants::rules_html(info.slug).unwrap_or_else(|| panic!("{}: no rules text", info.slug));
        assert!(html.contains("<h3") || html.contains("<p"), "{}: the rules text is HTML", info.slug);
        for position in attribute_values(html, "data-position") {
            Game::from_slug(info.slug, Some(position))
                .unwrap_or_else(|e| panic!("{}: diagram {position:?}: {}", info.slug, e.message));
            diagrams += 1;
        }
    }
    assert!(diagrams >= 6, "the texts have diagrams ({diagrams})");
    assert_eq!(variants::rules_html("xiangqi"), None);
}

/// The build copies every `<slug>.rules.html` beside the variants to `dist/rules/`: each must belong to
/// a registered variant.
#[test]
fn every_rules_file_belongs_to_a_variant() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/variants");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("the variants folder") {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        if let Some(slug) = name.strip_suffix(".rules.html") {
            assert!(variants::by_slug(slug).is_ok(), "{name} has no variant");
            files += 1;
        }
    }
    assert_eq!(files, REGISTRY.len());
}
