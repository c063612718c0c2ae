//! The observation tensor's layout: every entry is a whole number of units of a fixed scale
//! (`float = count × scale`), the count proved to lie in a declared integer range.
//!
//! A game writes its tensor once, generically over a [`TensorCell`]: as `f32` it writes
//! `count as f32 * scale`, as a small integer type it writes the count itself (the compact
//! form). The scale a writer uses for an entry is the one its [`TensorSpec`] declares, so
//! `compact as f32 * spec.scale[i]` is the float tensor bit for bit.
//!
//! The spec is built once per game (it depends on the player count, the options and the card
//! data, never on the position): a [`SpecBuilder`] walks the same layout as the writer,
//! block by block, each block with the range its count is proved to keep.

/// An entry of an observation tensor: a float, or the count itself in the compact form.
pub trait TensorCell: Copy + Default + PartialEq + Send + Sync + 'static {
    /// numpy's name of the type.
    const NAME: &'static str;
    /// The counts the type holds exactly (every count, for `f32`: a tensor's counts are far
    /// below 2^24).
    const COUNTS: (i32, i32);

    /// The entry holding `count` units of `scale`.
    fn cell(count: i32, scale: f32) -> Self;

    /// The entry after `count` more units of `scale` (accumulated entries, whose scales are
    /// powers of two so that a float sum of units is exact).
    fn plus(self, count: i32, scale: f32) -> Self;
}

impl TensorCell for f32 {
    const NAME: &'static str = "float32";
    const COUNTS: (i32, i32) = (i32::MIN, i32::MAX);
    #[inline(always)]
    fn cell(count: i32, scale: f32) -> f32 {
        count as f32 * scale
    }
    #[inline(always)]
    fn plus(self, count: i32, scale: f32) -> f32 {
        self + count as f32 * scale
    }
}

macro_rules! integer_cell {
    ($($t:ty => $name:literal),*) => {$(
        impl TensorCell for $t {
            const NAME: &'static str = $name;
            const COUNTS: (i32, i32) = (<$t>::MIN as i32, <$t>::MAX as i32);
            #[inline(always)]
            fn cell(count: i32, _scale: f32) -> $t {
                // In range by the spec's proved bounds (the batch checks the type holds them).
                count as $t
            }
            #[inline(always)]
            fn plus(self, count: i32, _scale: f32) -> $t {
                self.wrapping_add(count as $t)
            }
        }
    )*};
}
integer_cell!(u8 => "uint8", i8 => "int8", i16 => "int16", i32 => "int32");

/// The integer types of the compact form, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompactDtype {
    /// Every count in 0..=255.
    U8,
    /// Every count in -128..=127.
    I8,
    /// Every count in -32768..=32767.
    I16,
}

impl CompactDtype {
    /// Every type, smallest first.
    pub const ALL: [CompactDtype; 3] = [CompactDtype::U8, CompactDtype::I8, CompactDtype::I16];

    /// numpy's name of the type.
    pub fn name(self) -> &'static str {
        match self {
            CompactDtype::U8 => "uint8",
            CompactDtype::I8 => "int8",
            CompactDtype::I16 => "int16",
        }
    }

    /// The type named `name` (numpy's name), if any.
    pub fn parse(name: &str) -> Option<CompactDtype> {
        CompactDtype::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The lowest and highest value the type holds.
    pub fn range(self) -> (i32, i32) {
        match self {
            CompactDtype::U8 => (0, 255),
            CompactDtype::I8 => (-128, 127),
            CompactDtype::I16 => (-32768, 32767),
        }
    }

    /// Bytes per entry.
    pub fn bytes(self) -> usize {
        match self {
            CompactDtype::U8 | CompactDtype::I8 => 1,
            CompactDtype::I16 => 2,
        }
    }
}

/// Per entry: the lowest and highest count (proved from the rules and the card data) and the
/// scale (the float value of one unit).
#[derive(Clone, Debug, PartialEq)]
pub struct TensorSpec {
    /// Lowest count of each entry.
    pub low: Vec<i32>,
    /// Highest count of each entry.
    pub high: Vec<i32>,
    /// Float value of one unit of each entry.
    pub scale: Vec<f32>,
}

impl TensorSpec {
    /// Lowest float value of each entry.
    pub fn float_low(&self) -> Vec<f32> {
        self.low
            .iter()
            .zip(&self.scale)
            .map(|(&k, &s)| f32::cell(k, s))
            .collect()
    }

    /// Highest float value of each entry.
    pub fn float_high(&self) -> Vec<f32> {
        self.high
            .iter()
            .zip(&self.scale)
            .map(|(&k, &s)| f32::cell(k, s))
            .collect()
    }

    /// The lowest and highest count of any entry.
    pub fn count_range(&self) -> (i32, i32) {
        let low = self.low.iter().copied().min().unwrap_or(0);
        let high = self.high.iter().copied().max().unwrap_or(0);
        (low.min(0), high.max(0))
    }

    /// Whether every count fits `dtype`.
    pub fn fits(&self, dtype: CompactDtype) -> bool {
        let (low, high) = self.count_range();
        let (min, max) = dtype.range();
        min <= low && high <= max
    }

    /// The smallest integer type that holds every count (`None`: none does).
    pub fn compact_dtype(&self) -> Option<CompactDtype> {
        CompactDtype::ALL.into_iter().find(|&d| self.fits(d))
    }
}

/// Writes cells at a moving offset: the writers' common vocabulary.
pub struct Cells<'a, T> {
    /// The whole tensor.
    pub out: &'a mut [T],
    /// Where the current block starts.
    pub at: usize,
}

impl<'a, T: TensorCell> Cells<'a, T> {
    /// A writer of `out`, zeroed first.
    pub fn zeroed(out: &'a mut [T]) -> Self {
        out.fill(T::default());
        Cells { out, at: 0 }
    }

    /// Entry `i` of the current block: `count` units of `scale`.
    #[inline]
    pub fn set(&mut self, i: usize, count: i32, scale: f32) {
        self.out[self.at + i] = T::cell(count, scale);
    }

    /// Entry `i` of the current block: a flag raised.
    #[inline]
    pub fn flag(&mut self, i: usize) {
        self.set(i, 1, 1.0);
    }

    /// Entry `i` of the current block: a flag, raised when `on`.
    #[inline]
    pub fn flag_if(&mut self, i: usize, on: bool) {
        self.set(i, i32::from(on), 1.0);
    }

    /// Entry `i` of the current block grows by `count` units of `scale` (a power of two).
    #[inline]
    pub fn add(&mut self, i: usize, count: i32, scale: f32) {
        let x = &mut self.out[self.at + i];
        *x = x.plus(count, scale);
    }

    /// A one-hot block of `n` entries (nothing raised when `i` is out of range), then moves on.
    #[inline]
    pub fn hot(&mut self, i: usize, n: usize) {
        if i < n {
            self.flag(i);
        }
        self.at += n;
    }

    /// A one-entry block of `count` units of `scale`.
    #[inline]
    pub fn num(&mut self, count: i32, scale: f32) {
        self.set(0, count, scale);
        self.at += 1;
    }

    /// A one-entry flag block.
    #[inline]
    pub fn bit(&mut self, on: bool) {
        self.num(i32::from(on), 1.0);
    }

    /// Moves on past `n` entries.
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }
}

/// Builds a [`TensorSpec`] block by block, in the writer's order.
pub struct SpecBuilder {
    spec: TensorSpec,
}

impl SpecBuilder {
    /// An empty spec.
    pub fn new() -> Self {
        SpecBuilder {
            spec: TensorSpec {
                low: Vec::new(),
                high: Vec::new(),
                scale: Vec::new(),
            },
        }
    }

    /// Entries written so far: the offset of the next block.
    pub fn len(&self) -> usize {
        self.spec.low.len()
    }

    /// Whether no entry was declared yet.
    pub fn is_empty(&self) -> bool {
        self.spec.low.is_empty()
    }

    /// `n` entries whose count lies in `low..=high`, one unit being `scale`.
    pub fn counts(&mut self, n: usize, low: i32, high: i32, scale: f32) -> &mut Self {
        debug_assert!(low <= high, "an empty range {low}..={high}");
        self.spec.low.extend(std::iter::repeat_n(low, n));
        self.spec.high.extend(std::iter::repeat_n(high, n));
        self.spec.scale.extend(std::iter::repeat_n(scale, n));
        self
    }

    /// `n` flags or one-hot entries: 0 or 1.
    pub fn flags(&mut self, n: usize) -> &mut Self {
        self.counts(n, 0, 1, 1.0)
    }

    /// `n` entries that stay 0 under this setup (a seat block past the player count, the
    /// Competition's block outside solo).
    pub fn zeros(&mut self, n: usize) -> &mut Self {
        self.counts(n, 0, 0, 1.0)
    }

    /// The spec, checked to be `size` entries long.
    pub fn finish(self, size: usize) -> TensorSpec {
        assert_eq!(
            self.len(),
            size,
            "the spec's blocks do not add up to the tensor"
        );
        self.spec
    }
}

impl Default for SpecBuilder {
    fn default() -> Self {
        SpecBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_entry_times_its_scale_is_the_float_entry() {
        for k in -400..=600 {
            for scale in [1.0, 0.5, 1.0 / 15.0, 1.0 / 30.0, 1.0 / 7.0] {
                assert_eq!(
                    (i16::cell(k, scale) as f32 * scale).to_bits(),
                    f32::cell(k, scale).to_bits()
                );
            }
        }
    }

    #[test]
    fn the_compact_type_is_the_smallest_that_holds_every_count() {
        let mut b = SpecBuilder::new();
        b.flags(3).counts(2, 0, 255, 0.1);
        assert_eq!(b.finish(5).compact_dtype(), Some(CompactDtype::U8));
        let mut b = SpecBuilder::new();
        b.flags(3).counts(2, -2, 2, 0.5);
        assert_eq!(b.finish(5).compact_dtype(), Some(CompactDtype::I8));
        let mut b = SpecBuilder::new();
        b.counts(1, 0, 256, 1.0);
        assert_eq!(b.finish(1).compact_dtype(), Some(CompactDtype::I16));
        let mut b = SpecBuilder::new();
        b.counts(1, 0, 40_000, 1.0);
        assert_eq!(b.finish(1).compact_dtype(), None);
    }
}
