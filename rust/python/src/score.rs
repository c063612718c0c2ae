//! `ScoreBreakdown` and `ScoreLine`: the typed score explanation, as frozen Python objects.

use craftgames_core::sunrise;
use pyo3::prelude::*;

/// One line of a score explanation: a rulebook scoring category, its points, and what produced
/// them (e.g. `"2 + 4 + 5 + 5 + 9"`).
#[pyclass(frozen, eq, module = "craftgames._core", name = "ScoreLine")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// The rulebook's scoring category.
    #[pyo3(get)]
    pub category: String,
    /// Points from this category.
    #[pyo3(get)]
    pub points: i32,
    /// What produced the points.
    #[pyo3(get)]
    pub detail: String,
}

#[pymethods]
impl ScoreLine {
    #[new]
    fn new(category: String, points: i32, detail: String) -> Self {
        ScoreLine {
            category,
            points,
            detail,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "ScoreLine(category={:?}, points={}, detail={:?})",
            self.category, self.points, self.detail
        )
    }
}

/// A seat's score, line by line; the lines add up to `total`.
#[pyclass(frozen, eq, module = "craftgames._core", name = "ScoreBreakdown")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreBreakdown {
    /// The seat's score (equals `State.scores()[seat]`).
    #[pyo3(get)]
    pub total: i32,
    /// The lines, in the rulebook's order.
    #[pyo3(get)]
    pub lines: Vec<ScoreLine>,
}

#[pymethods]
impl ScoreBreakdown {
    #[new]
    fn new(total: i32, lines: Vec<ScoreLine>) -> Self {
        ScoreBreakdown { total, lines }
    }

    fn __repr__(&self) -> String {
        let lines: Vec<String> = self.lines.iter().map(ScoreLine::__repr__).collect();
        format!(
            "ScoreBreakdown(total={}, lines=[{}])",
            self.total,
            lines.join(", ")
        )
    }
}

impl From<sunrise::ScoreBreakdown> for ScoreBreakdown {
    fn from(b: sunrise::ScoreBreakdown) -> Self {
        ScoreBreakdown {
            total: b.total,
            lines: b
                .lines
                .into_iter()
                .map(|l| ScoreLine {
                    category: l.category,
                    points: l.points,
                    detail: l.detail,
                })
                .collect(),
        }
    }
}
