//! `chessfront variants`: the registry, with each variant's options and their `--option` values.

use crate::Failure;
use engine::variants;

pub fn run() -> Result<(), Failure> {
    for rules in variants::REGISTRY {
        let info = rules.info();
        println!("{} {} (id {}, revision {})", info.slug, info.name, info.id, info.revision);
        // Options in the order their `--option` values are given.
        for option in info.options {
            let values: Vec<String> = (0..option.choices.len())
                .map(|v| {
                    let default = if v == option.default as usize { ", the default" } else { "" };
                    format!("--option {v} ({}{default})", option.choices[v])
                })
                .collect();
            println!("  {}: {}", option.label, values.join(" or "));
        }
    }
    Ok(())
}
