//! Where two views differ, said precisely enough to find the leak: the first JSON path, the
//! first tensor index, or the first character of an information-state string (read as JSON
//! from its first `{` when it is JSON, so the message names the field).

use serde_json::Value;

/// Shortens a value for a message.
pub fn short(text: &str) -> String {
    const MAX: usize = 160;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// The paths of the leaves where `a` and `b` differ (an array of another length counts as
/// one difference at the array), at most `limit` of them.
pub fn differing_paths(a: &Value, b: &Value, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    walk(a, b, &mut String::new(), &mut out, limit);
    out
}

fn walk(a: &Value, b: &Value, path: &mut String, out: &mut Vec<String>, limit: usize) {
    if out.len() >= limit || a == b {
        return;
    }
    let len = path.len();
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                path.push('.');
                path.push_str(k);
                walk(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    path,
                    out,
                    limit,
                );
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                path.push_str(&format!("[{i}]"));
                walk(u, v, path, out, limit);
                path.truncate(len);
            }
        }
        _ => out.push(if path.is_empty() {
            "(root)".to_string()
        } else {
            path.clone()
        }),
    }
}

/// The value at a path written by [`differing_paths`].
pub fn value_at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    if path == "(root)" {
        return Some(v);
    }
    let mut cur = v;
    for part in path.split('.').skip(1) {
        let (key, rest) = part.split_once('[').unwrap_or((part, ""));
        if !key.is_empty() {
            cur = cur.get(key)?;
        }
        for index in rest.split('[').filter(|s| !s.is_empty()) {
            cur = cur.get(index.trim_end_matches(']').parse::<usize>().ok()?)?;
        }
    }
    Some(cur)
}

/// "at PATH: A vs B" for the first difference of two JSON values.
pub fn json_difference(a: &Value, b: &Value) -> Option<String> {
    let path = differing_paths(a, b, 1).pop()?;
    let show = |v: &Value| short(&value_at(v, &path).map_or("∅".into(), Value::to_string));
    Some(format!("at {path}: {} vs {}", show(a), show(b)))
}

/// Where two strings differ: the JSON path when both are JSON from their first `{`, else
/// the first differing character with some context.
pub fn string_difference(a: &str, b: &str) -> Option<String> {
    if a == b {
        return None;
    }
    let json = |s: &str| {
        s.find('{')
            .and_then(|i| serde_json::from_str::<Value>(&s[i..]).ok().map(|v| (i, v)))
    };
    if let (Some((i, x)), Some((j, y))) = (json(a), json(b)) {
        if a[..i] != b[..j] {
            return Some(format!(
                "in the prefix: {:?} vs {:?}",
                short(&a[..i]),
                short(&b[..j])
            ));
        }
        if let Some(d) = json_difference(&x, &y) {
            return Some(d);
        }
    }
    let at = a
        .chars()
        .zip(b.chars())
        .position(|(x, y)| x != y)
        .unwrap_or(a.chars().count().min(b.chars().count()));
    let around = |s: &str| short(&s.chars().skip(at.saturating_sub(30)).collect::<String>());
    Some(format!(
        "at character {at}: …{} vs …{}",
        around(a),
        around(b)
    ))
}

/// Where two tensors differ: the first index and both values.
pub fn tensor_difference(a: &[f32], b: &[f32]) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("lengths {} vs {}", a.len(), b.len()));
    }
    let i = a
        .iter()
        .zip(b)
        .position(|(x, y)| x.to_bits() != y.to_bits())?;
    Some(format!("at index {i}: {} vs {}", a[i], b[i]))
}
