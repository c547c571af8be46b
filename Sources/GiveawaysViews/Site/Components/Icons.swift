import GiveawaysHTML

/// Small SVG icons, defined once per page as symbols and referenced with `<use>` (decorative: hidden from
/// screen readers). Keeps each card a few hundred bytes lighter.
package enum Icons {
    private static let paths: [(String, String)] = [
        ("home", "<path d=\"M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z\"/>"),
        (
            "grid",
            "<rect x=\"3\" y=\"3\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"13.5\" y=\"3\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"3\" y=\"13.5\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"13.5\" y=\"13.5\" width=\"7.5\" height=\"7.5\" rx=\"2\"/>"
        ),
        (
            "heart",
            "<path d=\"M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.7 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.5 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z\"/>"
        ),
        (
            "play",
            "<rect x=\"2.5\" y=\"6.5\" width=\"19\" height=\"11\" rx=\"5.5\"/><path d=\"M7.5 10v4M5.5 12h4\"/><circle cx=\"15.5\" cy=\"11\" r=\"1\"/><circle cx=\"17.5\" cy=\"13.5\" r=\"1\"/>"
        ),
        ("clock", "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 7v5l3 2\"/>"),
        ("search", "<circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"m20 20-3.5-3.5\"/>"),
        ("external", "<path d=\"M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5\"/>"),
        ("left", "<path d=\"m15 5-7 7 7 7\"/>"),
        ("right", "<path d=\"m9 5 7 7-7 7\"/>"),
        ("check", "<path d=\"m4.5 12.5 5 5L19.5 7\"/>"),
        (
            "pin",
            "<path d=\"M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z\"/><circle cx=\"12\" cy=\"9.5\" r=\"2.5\"/>"
        ),
        (
            "settings",
            "<path d=\"M4 7h10M18 7h2M4 17h2M10 17h10\"/><circle cx=\"16\" cy=\"7\" r=\"2.2\"/><circle cx=\"8\" cy=\"17\" r=\"2.2\"/>"
        ),
    ]

    /// The symbol definitions, placed once at the top of every page.
    package static let sprite = HTML(
        trusted: "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\">"
            + paths.map { "<symbol id=\"i-\($0.0)\" viewBox=\"0 0 24 24\">\($0.1)</symbol>" }.joined() + "</svg>")

    private static func use(_ name: String) -> HTML {
        HTML(trusted: "<svg aria-hidden=\"true\"><use href=\"#i-\(name)\"/></svg>")
    }

    package static let home = use("home")
    package static let grid = use("grid")
    package static let play = use("play")
    package static let heart = use("heart")
    package static let clock = use("clock")
    package static let search = use("search")
    package static let external = use("external")
    package static let chevronLeft = use("left")
    package static let chevronRight = use("right")
    package static let check = use("check")
    package static let settings = use("settings")
    package static let pin = use("pin")
}
