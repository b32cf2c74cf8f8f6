//! The stand-in's agent card: A2A 0.2.6, the ten skills, a bearer scheme, `url` = its own endpoint.

use serde_json::{json, Value};

use magisterium_core::serve::http::WorkerResponse;
use magisterium_core::Skill;

/// What each skill does and example inputs, in the card and on the demo page.
fn describe(
    skill: Skill,
) -> (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
) {
    match skill {
        Skill::CatholicQa => (
            "Full Q&A with citations from Magisterial documents, Scripture and the Church Fathers.",
            &["What does the Church teach about the dignity of work?", "Why do Catholics baptise infants?"],
            &["qa", "citations"],
        ),
        Skill::DocumentSearch => (
            "Semantic search over Magisterial documents, encyclicals, Catechism sections and canon law.",
            &["just wage", "care for creation"],
            &["search", "documents"],
        ),
        Skill::DocumentFetch => (
            "Retrieve the full text and metadata of a specific document by its ID.",
            &["10007", "10034"],
            &["documents"],
        ),
        Skill::LiturgicalReadings => (
            "Get the Catholic Mass readings for any date or liturgical occasion.",
            &["today", "next Sunday", "Easter Sunday 2026"],
            &["liturgy", "calendar"],
        ),
        Skill::SaintsOfTheDay => (
            "Get the saints commemorated on a given date from the Roman Martyrology.",
            &["March 19", "today"],
            &["saints", "calendar"],
        ),
        Skill::SaintLookup => (
            "Look up saints, blesseds, venerables and servants of God by name or id.",
            &["Thérèse of Lisieux", "Carlo Acutis"],
            &["lookup", "saints"],
        ),
        Skill::PersonLookup => (
            "Look up clergy (not popes) by name or id.",
            &["Joseph Bernardin"],
            &["lookup", "clergy"],
        ),
        Skill::PopeLookup => ("Look up popes by name or id.", &["Leo XIV", "Gregory the Great"], &["lookup", "popes"]),
        Skill::DioceseLookup => (
            "Look up dioceses, archdioceses and eparchies: directory data and headline statistics.",
            &["Chicago", "Kraków"],
            &["lookup", "dioceses"],
        ),
        Skill::DioceseStatisticsLookup => (
            "Yearly statistics of a diocese: 19 metrics, one row per year.",
            &["Chicago", "Manila"],
            &["lookup", "statistics"],
        ),
    }
}

/// The card for an agent reached at `origin`.
pub fn card(origin: &str) -> Value {
    let skills: Vec<Value> = Skill::ALL
        .iter()
        .map(|&skill| {
            let (description, examples, tags) = describe(skill);
            let input_modes: &[&str] = match skill {
                Skill::DocumentFetch | Skill::SaintsOfTheDay => &["text/plain", "application/json"],
                s if s.is_lookup() => &["text/plain", "application/json"],
                _ => &["text/plain"],
            };
            let output_modes: &[&str] = match skill {
                Skill::LiturgicalReadings | Skill::SaintsOfTheDay => &["text/markdown"],
                _ => &["text/markdown", "application/json"],
            };
            json!({
                "id": skill.id(),
                "name": skill.display_name(),
                "description": description,
                "tags": tags,
                "examples": examples,
                "inputModes": input_modes,
                "outputModes": output_modes,
            })
        })
        .collect();
    json!({
        "protocolVersion": "0.2.6",
        "name": "Magisterium AI (offline stand-in)",
        "description": "The stand-in agent built into magisterium-a2a. It answers like Magisterium AI's A2A service from a small offline corpus and tables, so apps and tests run without a paid account. It is not Magisterium AI.",
        "url": format!("{origin}{}", super::path::RPC),
        "version": env!("CARGO_PKG_VERSION"),
        "provider": { "organization": "magisterium-a2a (stand-in)", "url": origin },
        "preferredTransport": "JSONRPC",
        "capabilities": { "streaming": false, "pushNotifications": false, "stateTransitionHistory": true },
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/markdown", "application/json"],
        "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } },
        "security": [ { "bearer": [] } ],
        "skills": skills,
    })
}

/// `GET /.well-known/agent.json`.
pub fn response(origin: &str) -> WorkerResponse {
    WorkerResponse::json(200, &card(origin)).with_header("cache-control", "public, max-age=3600")
}
