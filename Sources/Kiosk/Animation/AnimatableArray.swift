// AnimatableArray: a vector of any length, for values with a variable number of animated parts
// (gradient stops). Element-wise arithmetic; where the operands' lengths differ, the missing
// elements count as zero, so a change of stop count animates the new stops in from zero instead
// of failing. Unlike the fixed pairs it allocates when written (array copy-on-write), so a
// gradient animation allocates per frame; number, point, size, frame and colour animations do not.

struct AnimatableArray<Element: VectorArithmetic>: VectorArithmetic {
    var elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }

    static var zero: AnimatableArray { AnimatableArray([]) }

    private static func combine(_ a: AnimatableArray, _ b: AnimatableArray, _ op: (Element, Element) -> Element) -> AnimatableArray {
        let n = max(a.elements.count, b.elements.count)
        var out: [Element] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            out.append(op(i < a.elements.count ? a.elements[i] : .zero, i < b.elements.count ? b.elements[i] : .zero))
        }
        return AnimatableArray(out)
    }
    static func + (a: AnimatableArray, b: AnimatableArray) -> AnimatableArray { combine(a, b, +) }
    static func - (a: AnimatableArray, b: AnimatableArray) -> AnimatableArray { combine(a, b, -) }
    static func += (a: inout AnimatableArray, b: AnimatableArray) {
        if a.elements.count < b.elements.count { a.elements += Array(repeating: .zero, count: b.elements.count - a.elements.count) }
        for i in b.elements.indices { a.elements[i] += b.elements[i] }
    }
    static func -= (a: inout AnimatableArray, b: AnimatableArray) {
        if a.elements.count < b.elements.count { a.elements += Array(repeating: .zero, count: b.elements.count - a.elements.count) }
        for i in b.elements.indices { a.elements[i] -= b.elements[i] }
    }
    mutating func scale(by rhs: Double) { for i in elements.indices { elements[i].scale(by: rhs) } }
    var magnitudeSquared: Double { elements.reduce(0) { $0 + $1.magnitudeSquared } }
    static func == (a: AnimatableArray, b: AnimatableArray) -> Bool {
        let n = max(a.elements.count, b.elements.count)
        for i in 0..<n {
            let x = i < a.elements.count ? a.elements[i] : .zero, y = i < b.elements.count ? b.elements[i] : .zero
            if x != y { return false }
        }
        return true
    }
}

extension Gradient {
    /// The animatable data of this gradient's stops in one colour scheme: for each stop its
    /// location and its resolved colour's data (linear sRGB × 128), so stops interpolate in
    /// location and colour.
    func animatableData(in environment: EnvironmentValues) -> AnimatableArray<AnimatablePair<Double, Color.Resolved.AnimatableData>> {
        AnimatableArray(stops.map { AnimatablePair(Double($0.location), $0.color.resolve(in: environment).animatableData) })
    }

    /// A gradient whose stops are `data` (as `animatableData(in:)` makes it).
    init(animatableData data: AnimatableArray<AnimatablePair<Double, Color.Resolved.AnimatableData>>) {
        self.init(stops: data.elements.map { e in
            var c = Color.Resolved(red: 0, green: 0, blue: 0, opacity: 0)
            c.animatableData = e.second
            return Stop(color: Color(c), location: CGFloat(e.first))
        })
    }
}
