//! Generator: two integers in [1, MAX] from a seed: gen --max MAX --seed SEED.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mut top, mut seed) = (1_000_000_000u64, 0u64);
    for pair in args[1..].chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok()).expect("a number after each flag");
        match pair[0].as_str() {
            "--max" => top = value,
            "--seed" => seed = value,
            other => panic!("unknown argument {other}"),
        }
    }
    // splitmix64: a small, well-mixed generator, so the test needs no crate.
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let (a, b) = (1 + next() % top, 1 + next() % top);
    println!("{a} {b}");
}
