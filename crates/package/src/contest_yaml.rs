//! A contest's `contest.yaml` checked as the contest systems it is exported to read it: the
//! keys some reader acts on (the CCS spec's, DOMjudge's older spellings, BAPCtools'), lengths
//! of time and the start time written as the CCS spec writes them, and no key twice. What a
//! contest system would refuse at import is refused here, naming the key's line, so that export
//! never hands on a file that stops the import; what it would merely ignore is a warning.

use std::path::Path;

use crate::error::PackageError;

/// The contest.yaml keys that are a length of time, as the CCS spec writes one (RELTIME).
const LENGTH_KEYS: &[&str] = &["duration", "scoreboard_freeze_duration", "penalty_time"];

/// The CCS spec's contest.yaml keys, with the older `problems:` list.
const CCS_KEYS: &[&str] = &[
    "id",
    "name",
    "formal_name",
    "start_time",
    "duration",
    "scoreboard_freeze_duration",
    "scoreboard_thaw_time",
    "scoreboard_type",
    "penalty_time",
    "countdown_pause_time",
    "main_scoreboard_group_id",
    "banner",
    "logo",
    "problems",
];

/// The other contest.yaml keys some reader acts on: the older spellings DOMjudge's importer
/// still takes, and the keys BAPCtools reads for its contest PDF and its DOMjudge uploads.
const OTHER_CONTEST_KEYS: &[&str] = &[
    // DOMjudge's older spellings
    "short-name",
    "shortname",
    "start-time",
    "scoreboard-freeze-duration",
    "scoreboard-freeze-length",
    "scoreboard-freeze",
    "freeze",
    "penalty-time",
    "penalty",
    // BAPCtools
    "api",
    "contest_id",
    "order",
    "test_session",
    "testsession",
    "print_time_limit",
    "print_timelimit",
    "title",
    "subtitle",
    "year",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
];

/// Checks contest.yaml as a contest system would read it: a key that nobody reads (`strat_time:`)
/// is a warning naming its line; a duplicated key and a length of time not written as the CCS
/// spec writes one (`duration: 5 hours`) are refused. A freeze longer than the contest and a
/// start time that is not a date and time (`start_time: tomorrow`) are warnings naming their
/// line: export copies the file to a contest system that refuses them (DOMjudge's importer
/// stops at "Can not parse start time"), but they change no verdict, so judging and verifying
/// the contest go on. Gives the file's text, read once.
pub(crate) fn check(path: &Path) -> Result<String, PackageError> {
    let text = crate::yaml_file::read(path)?;
    if text.trim().is_empty() {
        return Ok(text);
    }
    refuse_twice_written_keys(path, &text)?;
    let value: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).map_err(
        PackageError::yaml(format_args!("{}: not a valid contest file", path.display())),
    )?;
    let map = match value {
        serde_yaml_ng::Value::Mapping(map) => map,
        serde_yaml_ng::Value::Null => return Ok(text),
        _ => {
            return Err(PackageError::invalid(
                path.display(),
                "contest.yaml is keys and their values (name: …, start_time: …), not a list or a single value",
            ));
        }
    };
    warn_unknown_keys(path, &text, &map);
    check_lengths(path, &text, &map)?;
    warn_long_freeze(path, &text, &map);
    warn_bad_start_time(path, &text, &map);
    Ok(text)
}

type Map = serde_yaml_ng::Mapping;

/// Warns about each key that no reader acts on, with the key it probably meant.
fn warn_unknown_keys(path: &Path, text: &str, map: &Map) {
    for key in map.keys().filter_map(|k| k.as_str()) {
        if CCS_KEYS.contains(&key) || OTHER_CONTEST_KEYS.contains(&key) {
            continue;
        }
        let known = CCS_KEYS.iter().chain(OTHER_CONTEST_KEYS).copied();
        let hint = match crate::nearest::nearest(key, known, 2) {
            Some(meant) => format!("did you mean `{meant}`?"),
            None => format!("the CCS keys: {}", CCS_KEYS.join(", ")),
        };
        leapfrog_util::warn(&format!(
            "{}: unknown key `{}` is ignored ({hint}); export copies it as it is",
            leapfrog_util::at_key(path, text, &[key]),
            leapfrog_util::inert(key),
        ));
    }
}

/// Refuses a length of time not written as the CCS spec writes one (`duration: 5 hours`).
fn check_lengths(path: &Path, text: &str, map: &Map) -> Result<(), PackageError> {
    for key in LENGTH_KEYS {
        let Some(value) = map.get(*key) else { continue };
        // penalty_time may also be a whole number of minutes (the older spec).
        let fine = match value {
            serde_yaml_ng::Value::Null => true,
            serde_yaml_ng::Value::String(s) => is_reltime(s),
            serde_yaml_ng::Value::Number(n) => *key == "penalty_time" && n.is_u64(),
            _ => false,
        };
        if !fine {
            let shown = serde_yaml_ng::to_string(value).unwrap_or_default();
            return Err(PackageError::invalid(
                leapfrog_util::at_key(path, text, &[key]),
                format_args!(
                    "{key} must be a length of time written h:mm:ss, such as {}, not {}",
                    if *key == "duration" {
                        "5:00:00"
                    } else {
                        "1:00:00"
                    },
                    shown.trim_end()
                ),
            ));
        }
    }
    Ok(())
}

/// Warns about a scoreboard freeze longer than the contest.
fn warn_long_freeze(path: &Path, text: &str, map: &Map) {
    // A freeze longer than the contest: DOMjudge's import refuses it ("Freeze duration is
    // longer than contest length"), and a scoreboard frozen from before the start is no
    // contest anyone meant.
    let value = |key: &str| map.get(key).and_then(|v| v.as_str());
    if let (Some(length), Some(freeze)) = (
        value("duration").and_then(reltime_seconds),
        value("scoreboard_freeze_duration").and_then(reltime_seconds),
    ) && freeze > length
    {
        leapfrog_util::warn(&format!(
            "{}: scoreboard_freeze_duration {} is longer than the duration {} (the scoreboard freezes that long before the end); DOMjudge's import refuses it",
            leapfrog_util::at_key(path, text, &["scoreboard_freeze_duration"]),
            leapfrog_util::inert(value("scoreboard_freeze_duration").unwrap_or("")),
            leapfrog_util::inert(value("duration").unwrap_or("")),
        ));
    }
}

/// Warns about a start time that is not an ISO 8601 date and time, and one without a zone.
fn warn_bad_start_time(path: &Path, text: &str, map: &Map) {
    for key in ["start_time", "start-time"] {
        let Some(value) = map.get(key) else { continue };
        let zone = match value {
            serde_yaml_ng::Value::Null => Some(true),
            serde_yaml_ng::Value::String(s) => start_time_zone(s),
            _ => None,
        };
        let place = leapfrog_util::at_key(path, text, &[key]);
        match zone {
            Some(true) => {}
            Some(false) => leapfrog_util::warn(&format!(
                "{place}: {key} has no time zone, so it is read as UTC (and DOMjudge refuses it written in quotes); add one, such as Z or +02:00"
            )),
            None => {
                let shown = serde_yaml_ng::to_string(value).unwrap_or_default();
                leapfrog_util::warn(&format!(
                    "{place}: {key} is not a date and time as the CCS spec writes one, such as 2030-04-01T10:00:00+02:00, but {}; DOMjudge's import refuses it",
                    leapfrog_util::inert(shown.trim_end())
                ));
            }
        }
    }
}

/// Refuses a top-level key written twice in contest.yaml (`start_time:` kept above and added
/// again below): which of the two a contest system takes is up to its YAML reader, and
/// serde's own message names the line where the mapping starts, not the key.
fn refuse_twice_written_keys(path: &Path, text: &str) -> Result<(), PackageError> {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        // Top-level keys only: no indentation, not a comment, a list entry or a document mark.
        if line.starts_with([' ', '\t', '#', '-', '.']) {
            continue;
        }
        let Some((key, _)) = line.split_once(':') else {
            continue;
        };
        let key = key.trim().trim_matches(['"', '\'']);
        if key.is_empty() {
            continue;
        }
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(PackageError::invalid(
                format_args!("{}:{}", path.display(), i + 1),
                format_args!(
                    "`{}` is written twice (first on line {first}); a contest system would read only one of them",
                    leapfrog_util::inert(key)
                ),
            ));
        }
        seen.push((key, i + 1));
    }
    Ok(())
}

/// Whether `text` is a start time a contest system reads, and whether it is whole: `Some(true)`
/// for an ISO 8601 date, time and zone (`2030-04-01T10:00:00+02:00`, a space for the `T`,
/// optional decimals of a second, a zone as `Z`, `+02`, `+0200` or `+02:00`); `Some(false)`
/// for one without a zone, or a bare date, which BAPCtools and YAML read as UTC (midnight) but
/// DOMjudge refuses when quoted; `None` for anything else.
fn start_time_zone(text: &str) -> Option<bool> {
    let text = text.trim();
    let number = |s: &str, len: usize, max: u32| {
        s.len() == len
            && s.bytes().all(|b| b.is_ascii_digit())
            && s.parse::<u32>().is_ok_and(|n| n <= max)
    };
    let date = text.get(..10)?;
    let date_fine = {
        let parts: Vec<&str> = date.split('-').collect();
        parts.len() == 3
            && number(parts[0], 4, 9999)
            && number(parts[1], 2, 12)
            && parts[1] != "00"
            && number(parts[2], 2, 31)
            && parts[2] != "00"
    };
    let rest = &text[10..];
    if !date_fine || rest.is_empty() {
        return date_fine.then_some(false);
    }
    let rest = rest.strip_prefix(['T', 't', ' '])?;
    let clock = rest.get(..8)?;
    let parts: Vec<&str> = clock.split(':').collect();
    let clock_fine = parts.len() == 3
        && number(parts[0], 2, 23)
        && number(parts[1], 2, 59)
        && number(parts[2], 2, 60);
    let mut zone = &rest[8..];
    if let Some(fraction) = zone.strip_prefix('.') {
        let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        zone = &fraction[digits..];
    }
    let zone = zone.trim_start();
    let zone_fine = match zone {
        "" | "Z" | "z" => true,
        _ => zone.strip_prefix(['+', '-']).is_some_and(|offset| {
            let (hours, minutes) = match offset.split_once(':') {
                Some((h, m)) => (h, m),
                None if offset.len() == 4 => offset.split_at(2),
                None => (offset, "00"),
            };
            number(hours, 2, 23) && number(minutes, 2, 59)
        }),
    };
    (clock_fine && zone_fine).then_some(!zone.is_empty())
}

/// Whether `text` is a CCS RELTIME: `h:mm:ss` (any number of hours, an optional minus sign)
/// with up to three decimals of a second.
fn is_reltime(text: &str) -> bool {
    let text = text.trim().strip_prefix('-').unwrap_or(text.trim());
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let parts: Vec<&str> = whole.split(':').collect();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let sixty = |s: &str| s.len() == 2 && digits(s) && s < "60";
    parts.len() == 3
        && digits(parts[0])
        && sixty(parts[1])
        && sixty(parts[2])
        && (fraction.is_empty() || (fraction.len() <= 3 && digits(fraction)))
        && !(text.contains('.') && fraction.is_empty())
}

/// The length of the RELTIME `text` (see `is_reltime`) in seconds.
fn reltime_seconds(text: &str) -> Option<f64> {
    if !is_reltime(text) {
        return None;
    }
    let text = text.trim();
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, text),
    };
    let mut total = 0.0;
    for part in text.split(':') {
        total = total * 60.0 + part.parse::<f64>().ok()?;
    }
    Some(sign * total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_of_time_as_the_ccs_spec_writes_them() {
        for good in ["5:00:00", "0:30:00", "-1:00:00", "100:00:00", "5:00:00.250"] {
            assert!(is_reltime(good), "{good}");
        }
        for bad in [
            "5 hours",
            "5:00",
            "5:60:00",
            "5h",
            "5:00:00.",
            "5:00:00.1234",
            "",
        ] {
            assert!(!is_reltime(bad), "{bad}");
        }
    }

    #[test]
    fn start_times_as_contest_systems_read_them() {
        for good in [
            "2030-04-01T10:00:00+02:00",
            "2030-04-01T10:00:00Z",
            "2030-04-01 10:00:00 +0200",
            "2030-04-01t10:00:00.25-05",
        ] {
            assert!(start_time_zone(good).is_some(), "{good}");
        }
        for partial in ["2030-04-01T10:00:00", "2030-04-01"] {
            assert_eq!(start_time_zone(partial), Some(false), "{partial}");
        }
        for bad in [
            "tomorrow",
            "2030-4-1T10:00:00Z",
            "2030-13-01T10:00:00Z",
            "2030-04-00T10:00:00Z",
            "2030-04-01T25:00:00Z",
            "2030-04-01T10:00Z",
            "2030-04-01T10:00:00.Z",
            "2030-04-01T10:00:00 CEST",
            "2030-04-01T10:00:00+2",
            "01-04-2030 10:00:00",
            "2030-04-01T10:00:00+02:00junk",
            "",
        ] {
            assert_eq!(start_time_zone(bad), None, "{bad}");
        }
    }

    #[test]
    fn lengths_of_time_in_seconds() {
        assert_eq!(reltime_seconds("5:00:00"), Some(18000.0));
        assert_eq!(reltime_seconds("0:01:30.5"), Some(90.5));
        assert_eq!(reltime_seconds("-1:00:00"), Some(-3600.0));
        assert_eq!(reltime_seconds("5 hours"), None);
    }
}
