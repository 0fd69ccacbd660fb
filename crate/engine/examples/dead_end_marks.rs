//! What Napoleon's dead-end marks cost natively, apart from the option list they mark: the time of
//! `Game::listed_options` and of `Game::dead_ends` on it, on the positions of `scripts/dead-ends-bench.mjs`
//! (which times the page's whole `state()` in wasm).
//!
//! `cargo run --release --example dead_end_marks`
use engine::game::Game;
use engine::link;
use std::time::Instant;

const CASES: [(&str, Option<u8>, &str); 3] = [
    ("crowded middle game, not in check", None, "16/16/16/16/16/1rkb2nqb3nr2/1ppp2pp4ppp1/16/16/PPPP5PPPP3/RKRB5NQNB3/16/16/16/16/16 w 0 12"),
    ("king checked on its first rank", None, "15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP4PP8/K2r3Q8 w 0 1"),
    (
        "four players, crowded, in check",
        Some(1),
        "16/16/2PrNr12/2NrPrPr11/KrPr11PbPbPb/2Pr9RbPb2/14Pb1/14Kb1/1Pr2Rw8PbBb1/PrBwPrPwBwRw3Pu3Nb2/Nw2KwPwPw2Ku7/7Pu8/6Pw1Pu1Pu5/5NwQw2Pu3Pu2/8Ru3Bu1PuPu/8Ru6Qu w - 2 21",
    ),
];

const DEAD_END_LINK: &str = "AaICAwEEAThNcbweBANfV3iA7T4UuRNqT5g4xQslhKLku3QYJjD4-8teCGKMlPL5CQWyad5d4zyNAQBrm7YDdHuYBh8Qv4i_IR44WVJYeWYeAvpohRToyjIjCnMlNkmTrV2ZU47ADRodhy2wyRHcA0_iTF6dPDaVtYXWGHntW28QdyqhYKoyASnFyOLxYhItOdO4oMq3JMaslGd-H49K_wCQAgBDHwBiOCyhsIAB6uhByqwSBwDCMBA23ZRzbcgJAEZACAUCdo6poAYAAOKYTm2GtmgBAEGEAQARoYUICREQAEhkJUk6zIIUDoCgGBSCEBgLAgiGxCAUB0iFENQVQg7g1AyWJpACFCiKgIEMSBBEClksmUtBEXgmAQTAgAkmoLlZAgA7rSh4";

/// The median of 15 runs of `f`, in milliseconds.
fn median(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..15)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[7]
}

fn main() {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let mut games: Vec<(&str, Game)> = CASES
        .iter()
        .map(|&(name, setting, text)| {
            (name, Game::new(rules, setting.as_ref().map(std::slice::from_ref), Some(text)).expect("position"))
        })
        .collect();
    games.push(("inside a dead end (worst case)", link::decode(DEAD_END_LINK).expect("decodes").game));
    println!(
        "listing  marks    options marked  position (medians of 15, ms; marks budget {} decisions)",
        engine::game::DEAD_END_MARKS_BUDGET
    );
    for (name, game) in &games {
        let listed = game.listed_options();
        let list = median(|| drop(game.listed_options()));
        let marks = median(|| drop(game.dead_ends(&listed)));
        let marked = game.dead_ends(&listed).iter().filter(|&&m| m).count();
        println!("{list:7.2}  {marks:7.2}  {:7} {marked:6}  {name}", listed.len());
    }
}
