//! `chessfront variants`: the registry, with each variant's settings and their `--setting` values.

use crate::Failure;
use engine::variants;

pub fn run() -> Result<(), Failure> {
    for rules in variants::REGISTRY {
        let info = rules.info();
        println!("{} {} (id {}, revision {})", info.slug, info.name, info.id, info.revision);
        // Settings in the order their `--setting` values are given.
        for setting in info.settings {
            let values: Vec<String> = (0..setting.choices.len())
                .map(|v| {
                    let default = if v == setting.default as usize { ", the default" } else { "" };
                    format!("--setting {v} ({}{default})", setting.choices[v])
                })
                .collect();
            println!("  {}: {}", setting.label, values.join(" or "));
        }
    }
    Ok(())
}
