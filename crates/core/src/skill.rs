//! The ten skills of the Magisterium agent, their artifact names and their "not found" answers.

/// One skill of the Magisterium agent, chosen on the wire by `message.metadata.skillId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Skill {
    /// `catholic_qa`: cited long-form answers.
    CatholicQa,
    /// `document_search`: search over Magisterial documents.
    DocumentSearch,
    /// `document_fetch`: one document's text and metadata by id.
    DocumentFetch,
    /// `liturgical_readings`: the Mass readings of a date.
    LiturgicalReadings,
    /// `saints_of_the_day`: the Roman Martyrology entry of a date.
    SaintsOfTheDay,
    /// `saint_lookup`: saints, blesseds, venerables, servants of God.
    SaintLookup,
    /// `person_lookup`: clergy other than popes.
    PersonLookup,
    /// `pope_lookup`: popes.
    PopeLookup,
    /// `diocese_lookup`: dioceses, archdioceses, eparchies.
    DioceseLookup,
    /// `diocese_statistics_lookup`: yearly statistics of a diocese.
    DioceseStatisticsLookup,
}

impl Skill {
    /// All ten skills, in the order of the agent card.
    pub const ALL: [Skill; 10] = [
        Self::CatholicQa,
        Self::DocumentSearch,
        Self::DocumentFetch,
        Self::LiturgicalReadings,
        Self::SaintsOfTheDay,
        Self::SaintLookup,
        Self::PersonLookup,
        Self::PopeLookup,
        Self::DioceseLookup,
        Self::DioceseStatisticsLookup,
    ];

    /// The skill used when a message names none.
    pub const DEFAULT: Skill = Skill::CatholicQa;

    /// The wire id (`"catholic_qa"`, …).
    pub fn id(self) -> &'static str {
        match self {
            Self::CatholicQa => "catholic_qa",
            Self::DocumentSearch => "document_search",
            Self::DocumentFetch => "document_fetch",
            Self::LiturgicalReadings => "liturgical_readings",
            Self::SaintsOfTheDay => "saints_of_the_day",
            Self::SaintLookup => "saint_lookup",
            Self::PersonLookup => "person_lookup",
            Self::PopeLookup => "pope_lookup",
            Self::DioceseLookup => "diocese_lookup",
            Self::DioceseStatisticsLookup => "diocese_statistics_lookup",
        }
    }

    /// The skill with this wire id.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The `name` of the artifact the skill answers with.
    pub fn artifact_name(self) -> &'static str {
        match self {
            Self::CatholicQa => "catholic_qa_response",
            Self::DocumentSearch => "search_results",
            Self::DocumentFetch => "document",
            Self::LiturgicalReadings => "mass_readings",
            Self::SaintsOfTheDay => "martyrology",
            Self::SaintLookup => "saint_lookup_result",
            Self::PersonLookup => "person_lookup_result",
            Self::PopeLookup => "pope_lookup_result",
            Self::DioceseLookup => "diocese_lookup_result",
            Self::DioceseStatisticsLookup => "diocese_statistics_lookup_result",
        }
    }

    /// The fixed text of a completed task that found nothing, for skills that have one.
    pub fn not_found_text(self) -> Option<&'static str> {
        match self {
            Self::DocumentFetch => Some("Document not found."),
            Self::LiturgicalReadings => Some("No mass readings found."),
            Self::SaintsOfTheDay => Some("No martyrology data found."),
            Self::SaintLookup
            | Self::PersonLookup
            | Self::PopeLookup
            | Self::DioceseLookup
            | Self::DioceseStatisticsLookup => Some("No results found."),
            Self::CatholicQa | Self::DocumentSearch => None,
        }
    }

    /// True for the five lookup skills (their answer is a `SkillResult`).
    pub fn is_lookup(self) -> bool {
        matches!(
            self,
            Self::SaintLookup
                | Self::PersonLookup
                | Self::PopeLookup
                | Self::DioceseLookup
                | Self::DioceseStatisticsLookup
        )
    }

    /// A human name for the skill (agent card, demo page).
    pub fn display_name(self) -> &'static str {
        match self {
            Self::CatholicQa => "Catholic Q&A",
            Self::DocumentSearch => "Document Search",
            Self::DocumentFetch => "Document Fetch",
            Self::LiturgicalReadings => "Liturgical Readings",
            Self::SaintsOfTheDay => "Saints of the Day",
            Self::SaintLookup => "Saint Lookup",
            Self::PersonLookup => "Person Lookup",
            Self::PopeLookup => "Pope Lookup",
            Self::DioceseLookup => "Diocese Lookup",
            Self::DioceseStatisticsLookup => "Diocese Statistics Lookup",
        }
    }
}

impl std::fmt::Display for Skill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for s in Skill::ALL {
            assert_eq!(Skill::from_id(s.id()), Some(s));
        }
        let mut ids: Vec<_> = Skill::ALL.iter().map(|s| s.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 10);
        assert_eq!(Skill::from_id("Catholic_QA"), None);
    }

    #[test]
    fn not_found_texts_follow_the_contract() {
        assert_eq!(
            Skill::DocumentFetch.not_found_text(),
            Some("Document not found.")
        );
        assert_eq!(
            Skill::LiturgicalReadings.not_found_text(),
            Some("No mass readings found.")
        );
        assert_eq!(
            Skill::SaintsOfTheDay.not_found_text(),
            Some("No martyrology data found.")
        );
        assert_eq!(Skill::CatholicQa.not_found_text(), None);
        assert_eq!(Skill::ALL.iter().filter(|s| s.is_lookup()).count(), 5);
    }
}
