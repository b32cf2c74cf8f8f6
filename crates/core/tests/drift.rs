//! The drift fixtures (`tests/fixtures/drift/`), natively over `serde_json`: every skill's
//! documented answer with one plausible change, and what the decoder must make of it. The browser
//! test (`tests/browser/drift.rs`) runs the same files over `JSON.parse`.

use crate::common::drift::{Outcome, CASES};
use magisterium_core::results::{decode_skill_response, response_differences};
use magisterium_core::wire::RequestId;
use magisterium_core::Skill;

#[test]
fn every_drift_fixture_decodes_as_it_says() {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|case| {
            let fixture = case.json();
            let skill = Skill::from_id(case.skill).expect("a skill directory");
            let outcome = match decode_skill_response(
                skill,
                Some(&fixture["response"]),
                200,
                Some(&RequestId::from("req-1")),
            ) {
                Ok(answer) => Outcome::Value(serde_json::to_value(answer).unwrap()),
                Err(e) => Outcome::Error {
                    kind: e.kind().as_str().to_owned(),
                    message: e.message().to_owned(),
                },
            };
            case.check(outcome).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_kept_drift_fixture_has_differences_as_its_outcome_says() {
    let failures: Vec<String> = CASES
        .iter()
        .filter(|case| case.json()["expect"].get("error").is_none())
        .filter_map(|case| {
            let fixture = case.json();
            let at = format!("{}/{}", case.skill, case.name);
            let outcome = fixture["outcome"].as_str().unwrap_or("(no outcome)");
            match response_differences(case.skill, Some(&fixture["response"])) {
                Err(e) => Some(format!("{at}: rejected: {}", e.message())),
                Ok(d) if d.is_empty() && outcome == "as documented" => None,
                Ok(d) if !d.is_empty() && outcome == "kept with differences" => None,
                Ok(d) => Some(format!("{at}: outcome {outcome:?}, differences {d:?}")),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_list_holds_every_fixture_and_every_skill_has_each_kind_of_drift() {
    let dir = crate::common::fixture_path("drift");
    let mut on_disk = Vec::new();
    for skill in std::fs::read_dir(&dir).unwrap() {
        let skill = skill.unwrap();
        for file in std::fs::read_dir(skill.path()).unwrap() {
            let name = file.unwrap().file_name().into_string().unwrap();
            let skill = skill.file_name().into_string().unwrap();
            on_disk.push(format!("{skill}/{}", name.trim_end_matches(".json")));
        }
    }
    on_disk.sort();
    let mut listed: Vec<String> = CASES
        .iter()
        .map(|c| format!("{}/{}", c.skill, c.name))
        .collect();
    listed.sort();
    assert_eq!(listed, on_disk, "tests/common/drift.rs lists every file");
    for skill in Skill::ALL {
        for kind in [
            "base",
            "reordered_parts",
            "renamed_artifact",
            "extra_artifacts",
            "extra_parts",
            "extra_members",
            "status_extra_members",
            "no_context_artifact_id_or_name",
            "reject_wrong_id",
            "reject_result_is_a_message",
            "reject_result_not_an_object",
        ] {
            assert!(
                listed.contains(&format!("{}/{kind}", skill.id())),
                "{}: no {kind} fixture",
                skill.id()
            );
        }
    }
}
