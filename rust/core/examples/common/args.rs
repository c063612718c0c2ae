//! An example's positional arguments: a missing one takes its default, one that does not parse
//! ends the run with a one-line error (exit 2) rather than a panic.

/// Argument `i` (1 is the first after the program's name) read as a `T`, or `default` when it
/// is not given. `what` names it in the error.
pub fn arg_or<T: std::str::FromStr>(i: usize, default: T, what: &str) -> T {
    let Some(text) = std::env::args().nth(i) else {
        return default;
    };
    text.parse().unwrap_or_else(|_| {
        let program = std::env::args().next().unwrap_or_default();
        let name = std::path::Path::new(&program)
            .file_name()
            .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
        eprintln!("{name}: argument {i} ({what}) must be a number, not {text:?}");
        std::process::exit(2);
    })
}
