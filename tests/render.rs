//! `leapfrog render`: well-formed SVG with the right pieces in every frame, PNG output, and clear
//! errors for bad boards, rows and moves.

use crate::support;

use support::leapfrog;

/// A black piece on a1 that can take b2 and d4.
const BOARD: &str = "5\n_._._\n._.W.\n_._._\n.W._.\nB._._\n";

fn render(args: &[&str], stdin: &str) -> std::process::Output {
    leapfrog()
        .arg("render")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap()
}

fn svg_of(output: &std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Elements of a parsed SVG whose `class` attribute has the word `class`.
fn with_class<'a>(node: roxmltree::Node<'a, 'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    node.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .collect()
}

#[test]
fn a_capture_path_is_a_strip_of_frames() {
    let svg = svg_of(&render(&["board", "--moves", "a1 c3 e5"], BOARD));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .unwrap()
        .text()
        .unwrap();
    assert_eq!(title, "A 5×5 checkers board and the capture path a1-c3-e5");
    let frames = with_class(root, "frame");
    assert_eq!(frames.len(), 3);
    // White pieces: 2, then 1 after the first jump, then none; always one black piece.
    let counts: Vec<(usize, usize)> = frames
        .iter()
        .map(|f| (with_class(*f, "black").len(), with_class(*f, "white").len()))
        .collect();
    assert_eq!(counts, [(1, 2), (1, 1), (1, 0)]);
    // Each frame is a full 5×5 board; jumps are marked.
    for f in &frames {
        assert_eq!(with_class(*f, "square").len(), 25);
        assert_eq!(with_class(*f, "playable").len(), 13);
    }
    assert_eq!(with_class(frames[0], "move").len(), 0);
    assert_eq!(with_class(frames[1], "move").len(), 1);
    assert_eq!(with_class(frames[2], "captured").len(), 1);
    // And it is an SVG a renderer accepts, not only XML.
    resvg::usvg::Tree::from_str(&svg, &Default::default()).expect("valid SVG");
}

#[test]
fn a_single_board_has_labels_and_no_frames_to_number() {
    let svg = svg_of(&render(&["board"], BOARD));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(labels, ["a", "b", "c", "d", "e", "5", "4", "3", "2", "1"]);
    let bare = svg_of(&render(&["board", "--no-labels"], BOARD));
    assert!(!bare.contains("class=\"label\""));
}

#[test]
fn rows_stack_one_frame_per_move() {
    // Kordemsky's frogs for N = 3 in the minimum 15 moves.
    let moves = "3 5 6 4 2 1 3 5 7 6 4 2 3 5 4";
    let svg = svg_of(&render(&["row", "--text", "OOO_XXX", "--moves", moves], ""));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let frames = with_class(doc.root_element(), "frame");
    assert_eq!(frames.len(), 16);
    for f in &frames {
        assert_eq!(with_class(*f, "light").len(), 3);
        assert_eq!(with_class(*f, "dark").len(), 3);
        assert_eq!(with_class(*f, "square").len(), 7);
    }
    // The last frame is the goal: dark pieces on the left, light on the right.
    let last = frames.last().unwrap();
    let xs = |class: &str| -> Vec<f64> {
        with_class(*last, class)
            .iter()
            .map(|n| n.attribute("cx").unwrap().parse().unwrap())
            .collect()
    };
    assert!(xs("dark").iter().all(|d| xs("light").iter().all(|l| d < l)));
    for f in &frames[1..] {
        assert_eq!(with_class(*f, "moved").len(), 1);
        assert_eq!(with_class(*f, "move").len(), 1);
    }
}

#[test]
fn rows_given_frame_by_frame_and_pairs() {
    // The rows after each move, as the frogs problem's answer lists them.
    let svg = svg_of(&render(&["row"], "O_X\n_OX\nXO_\nX_O\n"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(doc.root_element(), "frame").len(), 4);
    // Pairs: two pieces move together into the double gap; its squares count from 0.
    let args = [
        "row",
        "--text",
        "BBBBWWWW..",
        "--first",
        "0",
        "--moves",
        "1 4 7 0",
    ];
    let svg = svg_of(&render(&args, ""));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let frames = with_class(doc.root_element(), "frame");
    assert_eq!(frames.len(), 5);
    for f in &frames[1..] {
        assert_eq!(with_class(*f, "moved").len(), 2);
        assert_eq!(with_class(*f, "move").len(), 2);
    }
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert_eq!(desc.text().unwrap().lines().last(), Some("__WBWBWBWB"));
    let first_label = doc.descendants().find(|n| n.has_tag_name("text")).unwrap();
    assert_eq!(first_label.text(), Some("0"));
}

#[cfg(feature = "png")]
#[test]
fn png_output_is_a_picture_of_twice_the_size() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let output = render(&["board", "-o", png.to_str().unwrap()], BOARD);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = svg_of(&render(&["board"], BOARD));
    let width: u32 = attribute(&svg, "width").parse::<f64>().unwrap().ceil() as u32;
    let height: u32 = attribute(&svg, "height").parse::<f64>().unwrap().ceil() as u32;
    let bytes = std::fs::read(&png).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (2 * width, 2 * height));
    // The lower-left square is dark and holds the black piece.
    let dark = pixmap
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) == (0xa4, 0x75, 0x51))
        .count();
    assert!(dark > 1000, "{dark} dark-square pixels");
    // The same input gives the same bytes.
    let again = dir.path().join("again.png");
    render(&["board", "-o", again.to_str().unwrap()], BOARD);
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
}

#[cfg(feature = "png")]
fn attribute(svg: &str, name: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element().attribute(name).unwrap().to_string()
}

#[test]
fn bad_input_names_line_column_and_move() {
    let output = render(&["board"], "3\n._.\n_Q_\n._.\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("standard input: line 3, column 2: unexpected 'Q'"),
        "{stderr}"
    );

    let output = render(&["board", "--moves", "a1 c3 a1"], BOARD);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("move 3 (a1): there is no white piece on b2 to jump over"),
        "{stderr}"
    );

    let output = render(&["row", "--text", "BB_WW", "--moves", "1 1"], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 2 (1): square 1 is empty"), "{stderr}");

    let output = leapfrog()
        .args(["render", "board", "/nonexistent/board.in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/board.in"));
}
