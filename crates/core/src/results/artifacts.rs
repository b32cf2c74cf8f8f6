//! `SkillResult.artifacts`: the task's artifacts read as the `.d.ts` types them (`Artifact[]`,
//! each part a `TextPart`, `DataPart` or `FilePart`). An artifact or part that already has those
//! types is handed over as received (the same object); one that differs is a copy read by the
//! coercion table (`coerce::TABLE`): a number text becomes its string, a part without `kind` gets
//! the kind of the member it has, a typed member of another type is left out, and what fits no
//! reading (a part of a kind this version does not know, a part that is not an object, an
//! artifact that is not one) is left out of the list. `task.raw` keeps them all.

use super::parts::{objects, read_part};
use super::patched::{member_changes, Change, Member, Patched};
use crate::json_view::{JsonKind, JsonView};

/// One artifact of a `SkillResult`.
pub type Artifact<N> = Patched<N>;

/// The typed members of an artifact, besides `parts`.
static ARTIFACT_MEMBERS: [Member; 4] = [
    ("artifactId", JsonKind::String, false),
    ("name", JsonKind::String, false),
    ("description", JsonKind::String, false),
    ("metadata", JsonKind::Object, false),
];

/// The typed members of a part, besides `kind` and its content.
static PART_MEMBERS: [Member; 2] = [
    ("text", JsonKind::String, false),
    ("metadata", JsonKind::Object, false),
];

/// The artifacts of `list` (none when it is missing or not an array), each read as above.
pub fn read_artifacts<V: JsonView>(list: Option<&V>) -> Vec<Artifact<V>> {
    let mut out = Vec::new();
    for node in list.map(objects).unwrap_or_default() {
        out.push(read_artifact(node));
    }
    out
}

fn read_artifact<V: JsonView>(node: V) -> Artifact<V> {
    let mut changes = member_changes(&node, &ARTIFACT_MEMBERS);
    let list = node.field("parts").filter(|p| p.kind() == JsonKind::Array);
    let len = list.as_ref().and_then(JsonView::array_len).unwrap_or(0);
    let mut parts = Vec::new();
    for i in 0..len {
        if let Some(part) = list.as_ref().and_then(|l| l.item(i)).and_then(typed_part) {
            parts.push(part);
        }
    }
    if list.is_none() || parts.len() < len || parts.iter().any(|p| !p.changes.is_empty()) {
        changes.push(("parts", Change::List(parts)));
    }
    Patched { node, changes }
}

/// A part as its type, or `None` when it fits none ([`read_part`]).
fn typed_part<V: JsonView>(part: V) -> Option<Patched<V>> {
    let reading = read_part(&part)?;
    let mut changes = member_changes(&part, &PART_MEMBERS);
    if part.field("kind").is_none() {
        changes.push(("kind", Change::Text(reading.kind().to_owned())));
    }
    Some(Patched {
        node: part,
        changes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn typed(artifacts: &Value) -> (Vec<Artifact<&Value>>, Value) {
        let read = read_artifacts(Some(&artifacts));
        let out = serde_json::to_value(&read).unwrap();
        (read, out)
    }

    #[test]
    fn artifacts_that_have_their_types_are_handed_over_as_received() {
        let arts = json!([{"artifactId": "a", "name": "n", "extra": 1, "parts": [
            {"kind": "text", "text": "t", "extra": 2},
            {"kind": "data", "data": {"k": 1}, "metadata": {}},
            {"kind": "file", "file": {"uri": "https://x.example/f.pdf"}}
        ]}]);
        let (read, out) = typed(&arts);
        assert!(read[0].changes.is_empty());
        assert_eq!(out, arts);
    }

    #[test]
    fn members_that_differ_are_coerced_or_left_out() {
        let arts = json!([
            "not an artifact",
            {"artifactId": 7, "name": null, "description": {}, "metadata": "m", "parts": [
                {"text": "kindless"},
                {"data": {"k": 1}},
                {"kind": "text", "text": 12, "metadata": {"lang": "en"}},
                {"kind": "text", "text": "t", "metadata": "not an object"},
                {"kind": "file", "file": {"name": "no uri or bytes"}},
                {"kind": "audio", "audio": {}},
                "junk"
            ]},
            {"name": "no parts"}
        ]);
        let (_, out) = typed(&arts);
        assert_eq!(
            out,
            json!([
                {"artifactId": "7", "parts": [
                    {"kind": "text", "text": "kindless"},
                    {"kind": "data", "data": {"k": 1}},
                    {"kind": "text", "text": "12", "metadata": {"lang": "en"}},
                    {"kind": "text", "text": "t"}
                ]},
                {"name": "no parts", "parts": []}
            ])
        );
    }

    #[test]
    fn no_artifacts_are_an_empty_list() {
        assert!(read_artifacts::<&Value>(None).is_empty());
        assert_eq!(typed(&json!({"not": "a list"})).1, json!([]));
    }
}
