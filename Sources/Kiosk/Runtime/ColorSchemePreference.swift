// ColorSchemePreference: `preferredColorScheme(_:)` as SwiftUI has it — a preference that flows up
// to the nearest enclosing presentation (the screen, or a sheet/alert/cover), not an environment
// write on the modifier's own subtree. Each `_PreferredColorSchemeModifier` node registers its
// value here after its updates (a lifecycle modifier); when the resolved value of a presentation
// changes, the graph applies it: the screen's scheme goes into the root environment (every view,
// navigation and tab bars, the window background the renderer clears to, and sheets, which
// inherit it), a presentation's into its panel and content.
//
// Resolution, as SwiftUI's `PreferredColorSchemeKey` (`reduce: value = value ?? nextValue()`,
// written by `preference(key:value:)`, which replaces what its content produced): a writer
// replaces the preferences of the views inside it, so the outermost writer on a path wins, and
// among writers side by side the first non-nil one in view order wins. nil states no preference:
// the host's own scheme (`HeadlessHost(colorScheme:)`, `RootRenderer.colorScheme`) applies.

final class ColorSchemePreferences {
    private struct Writer { let node: NodeLink; var scheme: ColorScheme? }
    private var writers: [ObjectIdentifier: Writer] = [:]
    unowned(unsafe) let graph: ViewGraph
    /// The scheme the host asked for (the "system" setting a preference overrides).
    var hostScheme: ColorScheme
    /// The resolved preference of each presentation entry (by entry identity) last applied.
    private var entrySchemes: [ObjectIdentifier: ColorScheme] = [:]

    init(graph: ViewGraph, hostScheme: ColorScheme) {
        self.graph = graph
        self.hostScheme = hostScheme
    }

    func set(_ node: Node, _ scheme: ColorScheme?) {
        let id = ObjectIdentifier(node)
        if let w = writers[id], w.scheme == scheme { return }
        writers[id] = Writer(node: node.link, scheme: scheme)
        resolve()
    }

    func remove(_ node: Node) {
        guard writers.removeValue(forKey: ObjectIdentifier(node)) != nil else { return }
        resolve()
    }

    /// The resolved preference of the screen (nil: none).
    private(set) var screenPreference: ColorScheme?

    /// Recomputes the preferences of the screen and of each presentation and applies changes.
    func resolve() {
        // Each live writer: its scope (the presentation around it, nil for the screen), whether
        // another writer encloses it in that scope, and its position in view order.
        struct Found { var scope: PresentationEntry?; var path: [Int]; var scheme: ColorScheme? }
        var found: [Found] = []
        var live: Set<ObjectIdentifier> = []
        for (id, w) in writers {
            guard let node = w.node.node, !node.isRemoved else { continue }
            live.insert(id)
            var enclosed = false
            var scope: PresentationEntry? = nil
            var path: [Int] = []
            var child = node
            var n = node.parent
            while let p = n {
                if writers[ObjectIdentifier(p)] != nil, scope == nil { enclosed = true }
                if scope == nil, let content = p.view as? _PresentedContent { scope = content.entry }
                path.append(p.children.firstIndex { $0 === child } ?? 0)
                child = p
                n = p.parent
            }
            if enclosed { continue }
            found.append(Found(scope: scope, path: path.reversed(), scheme: w.scheme))
        }
        if live.count != writers.count { writers = writers.filter { live.contains($0.key) } }
        found.sort { $0.path.lexicographicallyPrecedes($1.path) }
        var screen: ColorScheme? = nil
        var entries: [ObjectIdentifier: ColorScheme] = [:]
        for f in found {
            guard let s = f.scheme else { continue }
            if let e = f.scope {
                let id = ObjectIdentifier(e)
                if entries[id] == nil { entries[id] = s }
            } else if screen == nil {
                screen = s
            }
        }
        if screen != screenPreference {
            screenPreference = screen
            applyScreen()
        }
        if entries != entrySchemes {
            let changed = Set(entries.keys).union(entrySchemes.keys).filter { entries[$0] != entrySchemes[$0] }
            entrySchemes = entries
            for e in graph.presentationsIfMade?.entries ?? [] where changed.contains(ObjectIdentifier(e)) {
                e.preferredColorScheme = entries[ObjectIdentifier(e)]
                graph.presentations.contentChanged(e)
            }
        }
    }

    /// Writes the effective scheme into the root environment (when it differs).
    func applyScreen() {
        let scheme = screenPreference ?? hostScheme
        guard graph.rootEnvironment.colorScheme != scheme else { return }
        var env = graph.rootEnvironment
        env.colorScheme = scheme
        if graph.isEvaluatingBody {
            graph.defer { [unowned(unsafe) graph] in graph.setRootEnvironment(env) }
        } else {
            graph.setRootEnvironment(env)
        }
    }
}
