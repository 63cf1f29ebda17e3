// LauncherView: the launcher's screen (`kiosk run` with no scene): every scene as a tile with
// its name and summary, drawn with the engine's views and real text, a page at a time (the
// engine has no ScrollView yet). Sized for an 800×480 panel and scaled by the screen's size
// (×2.25 at 1920×1080): 3×3 tiles a page on both, so a tile is a finger-sized target on every panel.

/// Where the launcher's tiles go on a `width`×`height` screen.
struct LauncherMetrics {
    let scale: CGFloat
    let margin: CGFloat, gap: CGFloat
    let header: CGFloat, footer: CGFloat
    let tileWidth: CGFloat, tileHeight: CGFloat
    let columns: Int, rows: Int
    var perPage: Int { columns * rows }

    /// `count` tiles: a page footer (‹ 1 / 2 ›) takes room only when they need more than a page.
    init(width: Int, height: Int, count: Int) {
        let w = CGFloat(max(0, width)), h = CGFloat(max(0, height))
        scale = max(0.5, min(w / 800, h / 480))
        margin = 20 * scale; gap = 14 * scale
        header = 70 * scale
        // 88 pt: a name and two summary lines; three rows of them fit 480 px with the pager.
        tileHeight = 88 * scale
        // 230 pt minimum: a name and two summary lines at 13 pt without cramping.
        columns = max(1, Int((w - 2 * margin + gap) / (230 * scale + gap)))
        let (m, g, top, tile) = (margin, gap, header, tileHeight)
        func rowsFitting(_ bottom: CGFloat) -> Int { max(1, Int((h - 2 * m - top - bottom + g) / (tile + g))) }
        let fitsOnePage = count <= columns * rowsFitting(0)
        footer = fitsOnePage ? 0 : 44 * scale
        rows = rowsFitting(footer)
        tileWidth = max(0, (w - 2 * margin - CGFloat(columns - 1) * gap) / CGFloat(columns))
    }

    /// The tile rectangle of slot `i` on a page, in screen coordinates.
    func tileFrame(_ i: Int) -> CGRect {
        let c = i % columns, r = i / columns
        return CGRect(x: margin + CGFloat(c) * (tileWidth + gap), y: margin + header + CGFloat(r) * (tileHeight + gap),
                      width: tileWidth, height: tileHeight)
    }
}

/// What the launcher view tells its frame source: the scene a tap chose.
final class LauncherSelection {
    var pending: String?
}

/// The launcher's screen.
struct LauncherView: View {
    let entries: [(name: String, summary: String)]
    let metrics: LauncherMetrics
    let selection: LauncherSelection
    let badges: [(text: String, color: Color)]
    @State private var page = 0
    /// The direction of the last page turn (the push comes from the trailing edge going forward).
    @State private var forward = true

    /// Accent colours, one per family of scenes (the name before its first "-": the seeds share
    /// one, the LVGL scenes another), in order of first appearance.
    static let accents: [Color] = [.blue, .orange, .green, .purple, .pink, .teal, .indigo, .red, .mint, .yellow, .cyan, .brown]

    /// Each entry's badge: the first run of digits in its name ("seed-002" → "002", "lvgl-10" →
    /// "10"), else its initial; and its family's colour.
    static func badges(for entries: [(name: String, summary: String)]) -> [(text: String, color: Color)] {
        var families: [Substring: Int] = [:]
        return entries.map { e in
            let family = e.name.split(separator: "-", maxSplits: 1).first ?? Substring(e.name)
            let k = families[family] ?? families.count
            families[family] = k
            let digits = e.name.drop { !$0.isNumber }.prefix { $0.isNumber }
            let text = digits.isEmpty ? String(e.name.prefix(1)).uppercased() : String(digits.prefix(3))
            return (text, accents[k % accents.count])
        }
    }

    var pages: Int { max(1, (entries.count + metrics.perPage - 1) / metrics.perPage) }

    var body: some View {
        let m = metrics, s = m.scale
        let shown = min(page, pages - 1)
        let first = shown * m.perPage
        let onPage = max(0, min(m.perPage, entries.count - first))
        VStack(alignment: .leading, spacing: 0) {
            header(s).frame(height: m.header, alignment: .topLeading)
            // A page turn pushes the old page out and the new one in (the engine's transitions),
            // clipped to the grid's band.
            ZStack(alignment: .topLeading) {
                VStack(alignment: .leading, spacing: m.gap) {
                    ForEach(0..<((onPage + m.columns - 1) / m.columns), id: \.self) { row in
                        HStack(spacing: m.gap) {
                            ForEach(row * m.columns..<min(onPage, (row + 1) * m.columns), id: \.self) { slot in
                                tile(first + slot, s)
                            }
                        }
                    }
                }
                .transition(.asymmetric(insertion: .move(edge: forward ? .trailing : .leading),
                                        removal: .move(edge: forward ? .leading : .trailing)))
                .id(shown)
            }
            // The full page's height even while a short last page comes in (removed views take
            // no room), so the clip never cuts the page going out.
            .frame(maxWidth: .infinity, minHeight: CGFloat(m.rows) * (m.tileHeight + m.gap) - m.gap, alignment: .topLeading)
            .clipped()
            Spacer(minLength: 0)
            if pages > 1 { pager(shown, s).frame(height: m.footer, alignment: .bottom) }
        }
        .padding(m.margin)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .contentShape(Rectangle())
        // A swipe turns the page too (a tap on a tile moves less than the drag's 10 px).
        .gesture(DragGesture().onEnded { v in
            let swipe = 60 * s
            if v.translation.width < -swipe, shown < pages - 1 { turn(to: shown + 1) }
            else if v.translation.width > swipe, shown > 0 { turn(to: shown - 1) }
        })
        .background(LinearGradient(colors: [Color(red: 0.07, green: 0.09, blue: 0.16), Color(red: 0.02, green: 0.02, blue: 0.04)],
                                   startPoint: .top, endPoint: .bottom))
    }

    private func header(_ s: CGFloat) -> some View {
        HStack(alignment: .top, spacing: 0) {
            VStack(alignment: .leading, spacing: 4 * s) {
                Text("kiosk").font(.system(size: 30 * s, weight: .bold)).foregroundColor(.white)
                Text("Tap a scene to run it. Tap the top-left corner, or hold a finger still for a second, to come back.")
                    .font(.system(size: 13 * s)).foregroundColor(Color(white: 0.62)).lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            Text(entries.count == 1 ? "1 scene" : "\(entries.count) scenes")
                .font(.system(size: 13 * s, weight: .medium)).foregroundColor(Color(white: 0.62))
                .padding(.top, 12 * s)
        }
    }

    private func tile(_ i: Int, _ s: CGFloat) -> some View {
        let e = entries[i], badge = badges[i]
        let sel = selection
        // 19 pt for one character, smaller for two or three, so a number fits the 40 pt circle.
        let badgeSize: CGFloat = badge.text.count == 1 ? 19 : badge.text.count == 2 ? 16 : 13
        return HStack(alignment: .top, spacing: 12 * s) {
            ZStack {
                Circle().fill(badge.color)
                Text(badge.text).font(.system(size: badgeSize * s, weight: .bold)).foregroundColor(.white)
            }
            .frame(width: 40 * s, height: 40 * s)
            VStack(alignment: .leading, spacing: 4 * s) {
                Text(e.name).font(.system(size: 18 * s, weight: .semibold)).foregroundColor(.white).lineLimit(1)
                Text(e.summary).font(.system(size: 13 * s)).foregroundColor(Color(white: 0.68)).lineLimit(2)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .padding(13 * s)
        .frame(width: metrics.tileWidth, height: metrics.tileHeight, alignment: .topLeading)
        .background(RoundedRectangle(cornerRadius: 16 * s).fill(Color(white: 1, opacity: 0.08)))
        .overlay(RoundedRectangle(cornerRadius: 16 * s).strokeBorder(Color(white: 1, opacity: 0.10), lineWidth: max(1, s)))
        .contentShape(Rectangle())
        .onTapGesture { sel.pending = e.name }
    }

    /// Turns to `p`, animated (0.3 s, ease in and out: a page turn, not a spring's overshoot).
    private func turn(to p: Int) {
        withAnimation(.easeInOut(duration: 0.3)) {
            forward = p > min(page, pages - 1)
            page = p
        }
    }

    private func pager(_ shown: Int, _ s: CGFloat) -> some View {
        HStack(spacing: 18 * s) {
            Spacer(minLength: 0)
            pageButton("‹", enabled: shown > 0, s) { turn(to: shown - 1) }
            Text("\(shown + 1) / \(pages)").font(.system(size: 15 * s, weight: .medium)).foregroundColor(Color(white: 0.8))
            pageButton("›", enabled: shown < pages - 1, s) { turn(to: shown + 1) }
            Spacer(minLength: 0)
        }
    }

    private func pageButton(_ label: String, enabled: Bool, _ s: CGFloat, action: @escaping () -> Void) -> some View {
        Text(label).font(.system(size: 24 * s, weight: .semibold)).foregroundColor(enabled ? .white : Color(white: 0.35))
            .frame(width: 72 * s, height: 40 * s)
            .background(Capsule().fill(Color(white: 1, opacity: enabled ? 0.12 : 0.05)))
            .contentShape(Rectangle())
            .onTapGesture { if enabled { action() } }
    }
}
