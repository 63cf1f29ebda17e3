// The wheel of `.pickerStyle(.wheel)` and the wheel DatePicker: UIPickerView's drum, 216 points
// tall with 32-point rows. The chosen row sits in the middle on a grey rounded band; rows
// further from it lean away (shorter, fainter), as on a drum seen from the front.
//
// A drag turns the wheel with the finger; on release faster than 300 pt/s it coasts to where the
// drag's predicted end (0.25 s of its velocity) lands, and snaps to the nearest row with a spring. A tap on a row above or
// below the middle turns the wheel to it. Only the rows near the middle are built (±5), so a
// wheel of 10 000 options costs what one of ten does. An empty wheel draws the band alone.

/// A drum of rows; `chosen` is the middle one, `select` is called with the row it stops on.
struct _PickerWheel: View {
    let labels: [AnyView]
    let chosen: Int
    let select: (Int) -> Void
    /// False in the DatePicker, whose columns share one band drawn behind them all.
    var showsBand = true
    @State private var drag: CGFloat = 0
    @Environment(\.colorScheme) private var scheme

    static let height: CGFloat = 216
    static let rowHeight: CGFloat = 32
    /// The drum's radius: a row 90° from the middle is this far from it on screen.
    static let radius: CGFloat = 108
    /// Below this speed (points a second) a released drag does not coast.
    static let flingSpeed: CGFloat = 300

    /// The row a drum stops on, turned `offset` points from `chosen` (down is towards row 0).
    static func row(from chosen: Int, offset: CGFloat, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let raw = (CGFloat(chosen) * rowHeight - (offset.isFinite ? offset : 0)) / rowHeight
        let r = raw.rounded()
        guard r.isFinite else { return max(0, min(count - 1, chosen)) }
        return Int(max(0, min(CGFloat(count - 1), r)))
    }

    var body: some View {
        let n = labels.count
        let centre = max(0, min(n - 1, chosen))
        // The position of the drum, in rows, from the top row.
        let position = CGFloat(centre) - drag / Self.rowHeight
        let lo = max(0, Int((position - 5).rounded(.down)))
        let hi = min(n - 1, Int((position + 5).rounded(.up)))
        let band = scheme == .dark ? Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.24)
                                   : Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.12)
        ZStack {
            RoundedRectangle(cornerRadius: 8).fill(showsBand ? band : Color.clear)
                .frame(height: Self.rowHeight)
                .padding(.horizontal, 8)
            if n > 0, lo <= hi {
                ForEach(lo...hi, id: \.self) { i in
                    let dy = (CGFloat(i) - position) * Self.rowHeight
                    let angle = max(-1.45, min(1.45, dy / Self.radius))
                    labels[i]
                        .font(.system(size: 21))
                        .foregroundColor(.primary)
                        .lineLimit(1)
                        .frame(height: Self.rowHeight)
                        .scaleEffect(x: 1, y: max(0.05, cos(angle)))
                        .opacity(max(0, cos(angle)) * (abs(dy) < Self.rowHeight / 2 ? 1 : 0.55))
                        .offset(y: sin(angle) * Self.radius)
                }
            }
        }
        .frame(maxWidth: .infinity)
        .frame(height: Self.height)
        .clipped()
        .contentShape(Rectangle())
        .gesture(DragGesture(minimumDistance: 0)
            .onChanged { value in drag = value.translation.height }
            .onEnded { value in
                let t = value.translation.height
                let target: Int
                if abs(t) < 4 {
                    // A tap: the row under the finger comes to the middle.
                    let steps = ((value.location.y - Self.height / 2) / Self.rowHeight).rounded()
                    target = Self.row(from: centre, offset: -steps * Self.rowHeight, count: n)
                } else {
                    // A fling coasts to its predicted end; a slow drag stops under the finger.
                    let fling = abs(value.velocity.height) > Self.flingSpeed
                    target = Self.row(from: centre, offset: fling ? value.predictedEndTranslation.height : t, count: n)
                }
                withAnimation(.spring(response: 0.35, dampingFraction: 0.9)) {
                    drag = 0
                    if target != centre, n > 0 { select(target) }
                }
            })
    }
}
