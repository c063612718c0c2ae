//! The committed header `include/craftgames.h` is what cbindgen makes of the sources now; a
//! stale one fails here. Regenerate on purpose with
//! `CRAFTGAMES_UPDATE_HEADER=1 cargo test -p craftgames-capi --test header`.
use std::io::Write;
use std::path::Path;

#[test]
fn committed_header_matches_the_sources() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen parses the crate")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");
    let path = crate_dir.join("include/craftgames.h");
    if std::env::var_os("CRAFTGAMES_UPDATE_HEADER").is_some() {
        // Whole or not at all: a temporary file beside it, synced, then renamed over it.
        let tmp = path.with_extension("h.tmp");
        let mut file = std::fs::File::create(&tmp).expect("the include directory is writable");
        file.write_all(generated.as_bytes())
            .and_then(|()| file.sync_all())
            .expect("the header is writable");
        std::fs::rename(&tmp, &path).expect("the header can be replaced");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "rust/capi/include/craftgames.h is stale: regenerate it with \
         CRAFTGAMES_UPDATE_HEADER=1 cargo test -p craftgames-capi --test header"
    );
}
