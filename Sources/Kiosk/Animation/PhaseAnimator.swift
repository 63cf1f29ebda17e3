// PhaseAnimator (iOS 17): a view that steps its content through a sequence of phases, each step
// one animated state change whose completion starts the next.
//
// Built from the engine's own parts, so it needs no engine hook: the current phase index is
// `@State`, each step is `withTransaction(Transaction(animation: animation(next)))` with a
// `.logicallyComplete` completion (a spring's next step starts at its response, long before it
// settles — SwiftUI's observed behaviour, notes §11), and a step whose phases differ in nothing
// completes right after its update (notes §11: "two consecutive equal phases … complete at once").

/// A container that animates its content by automatically cycling through a collection of
/// phases that you provide, each defining a discrete step within an animation.
///
/// ```swift
/// PhaseAnimator([false, true]) { on in
///     Circle().scaleEffect(on ? 1.2 : 1)
/// } animation: { _ in .easeInOut(duration: 0.6) }
/// ```
///
/// Without a trigger it starts when it appears and cycles forever: phase 0 is drawn first, then
/// each step animates to the next phase with `animation(nextPhase)` (the phase being moved *to*),
/// and the step after the last one goes back to the first. With `trigger:` it draws the first
/// phase until the trigger changes, then runs through every phase once and back to the first; a
/// trigger change while a run is under way lets that run finish, unless the run is already on its
/// final step back to the first phase, when a new run starts from there.
///
/// Bad input: an empty phase list draws nothing and warns once (SwiftUI shows a warning view);
/// a single phase never changes. An `animation` closure returning nil makes that step jump; if
/// every step jumps the phases change once per frame.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: _PhaseTrigger?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?
    @State private var index = 0
    @State private var run = _PhaseRun()

    /// Cycles through `phases` each time `trigger` changes, returning to the first phase.
    public init(_ phases: some Sequence<Phase>, trigger: some Equatable,
                @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = _PhaseTrigger(trigger)
        self.content = content
        self.animation = animation
    }

    /// Cycles through `phases` continuously, starting when the view appears.
    public init(_ phases: some Sequence<Phase>,
                @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = nil
        self.content = content
        self.animation = animation
    }

    public var body: some View {
        if phases.isEmpty {
            EmptyView().onAppear {
                Diagnostics.warn("PhaseAnimator has no phases; it draws nothing")
            }
        } else {
            content(phases[min(index, phases.count - 1)])
                .onAppear { if trigger == nil { start() } }
                .onDisappear { run.generation += 1; run.remaining = 0 }
                .onChange(of: trigger) { triggered() }
        }
    }

    /// The no-trigger form's endless cycle.
    private func start() {
        guard phases.count > 1 else { return }
        run.generation += 1
        step(run.generation)
    }

    private func triggered() {
        guard phases.count > 1, run.remaining == 0 else { return }
        run.generation += 1
        run.remaining = phases.count - index
        step(run.generation)
    }

    /// One step: animate to the next phase; its completion takes the step after.
    private func step(_ generation: Int) {
        guard generation == run.generation, phases.count > 1 else { return }
        if trigger != nil {
            guard run.remaining > 0 else { return }
            run.remaining -= 1
        }
        let next = (index + 1) % phases.count
        var transaction = Transaction(animation: animation(phases[next]))
        let this = self
        transaction.addAnimationCompletion { this.step(generation) }
        withTransaction(transaction) { index = next }
    }
}

/// Where a PhaseAnimator's cycle is: a reference in `@State` so completions (which hold a copy
/// of the view value) see the live count, and a stale completion (after a restart or removal)
/// sees a newer generation and stops.
final class _PhaseRun {
    var generation = 0
    var remaining = 0
}

/// A type-erased trigger value, compared with its own `==`.
public struct _PhaseTrigger: Equatable {
    let value: any Equatable
    init(_ value: some Equatable) { self.value = value }
    public static func == (a: _PhaseTrigger, b: _PhaseTrigger) -> Bool {
        func open<T: Equatable>(_ x: T) -> Bool { (b.value as? T) == x }
        return open(a.value)
    }
}

extension View {
    /// Cycles through `phases` each time `trigger` changes, applying the modifiers that
    /// `content` returns for the current phase.
    ///
    /// ```swift
    /// Image(systemName: "heart.fill")
    ///     .phaseAnimator([1.0, 1.4, 1.0], trigger: likes) { content, s in content.scaleEffect(s) }
    /// ```
    public func phaseAnimator<Phase: Equatable, V: View>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> V,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let base = PlaceholderContentView<Self>(self)
        return PhaseAnimator(phases, trigger: trigger, content: { content(base, $0) }, animation: animation)
    }

    /// Cycles through `phases` continuously, applying the modifiers that `content` returns for
    /// the current phase.
    ///
    /// ```swift
    /// Circle().phaseAnimator([0.3, 1.0]) { content, o in content.opacity(o) }
    /// ```
    public func phaseAnimator<Phase: Equatable, V: View>(
        _ phases: some Sequence<Phase>,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> V,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let base = PlaceholderContentView<Self>(self)
        return PhaseAnimator(phases, content: { content(base, $0) }, animation: animation)
    }
}
