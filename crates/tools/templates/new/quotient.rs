use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<f64> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    println!("{:.9}", v[0] / v[1]);
}
