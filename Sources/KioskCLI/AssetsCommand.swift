// `kiosk assets`: Xcode's generated asset symbols for an asset catalogue (`Image(.logo)`,
// `Color(.brand)`), written as a Swift file to compile with the app (AssetCatalog.generatedSymbols).
#if canImport(Glibc)
import Glibc
#endif
import Kiosk

enum AssetsCommand {
    static let help = """
    kiosk assets CATALOG.xcassets… [-o FILE.swift] [--import MODULE] [--check]

    Writes the symbols Xcode generates for asset catalogues: `ImageResource.name` for every image
    set, `ColorResource.name` with `Color.name` and `ShapeStyle.name` for every colour set, so
    `Image(.logo)` and `Color(.brand)` compile as in Xcode. Without -o the source goes to stdout.
    --import: the module the file imports (Kiosk; SwiftUI for kiosk's SwiftUI module).
    --check: exit 1 when a catalogue has sets kiosk cannot read, naming each (they get no symbol).
    The app finds the catalogue at run time where it finds images: copy the .xcassets folder into the
    `images` folder (or beside the executable, or name its parent in KIOSK_ASSETS).
    """

    static func main(_ args: ArraySlice<String>) throws {
        let a = try Arguments(args, flags: ["help", "check"], known: ["output", "import"])
        if a.has("help") { print(help); return }
        guard !a.positional.isEmpty else { throw UsageError("name at least one asset catalogue (a folder ending in .xcassets); see --help") }
        var catalogs: [AssetCatalog] = []
        var problems: [String] = []
        for path in a.positional {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
                throw UsageError("\(path) is not a folder; an asset catalogue is a folder such as Assets.xcassets")
            }
            let c = AssetCatalog(path: path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
            problems += c.problems
            catalogs.append(c)
        }
        for p in problems { Log.warning("asset catalogue: \(p)") }
        let source = AssetCatalog.generatedSymbols(for: catalogs, module: a.last("import") ?? "Kiosk")
        if let out = a.last("output") {
            do { try Syscall.writeFileAtomically(path: out, bytes: Array(source.utf8), mode: 0o644) } catch {
                fail(.output, "cannot write \(out): \(error)")
            }
        } else {
            print(source, terminator: "")
        }
        if a.has("check") && !problems.isEmpty { exit(1) }
    }
}
