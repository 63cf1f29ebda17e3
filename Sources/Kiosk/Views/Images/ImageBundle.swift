// ImageBundle: where `Image("name", bundle:)` looks. SwiftUI takes Foundation's `Bundle`; kiosk
// does not link Foundation (≈ 4 MB in a static binary), so `.main` and `.module` here are found
// from the executable's path the way SwiftPM lays them out on Linux: resources of a target are
// copied to `<package>_<target>.resources/` beside the executable, and `.module` searches every
// such folder. Code that passes a real `Bundle` (a file importing Foundation) goes through the
// generic initialiser, which reads the bundle's path from its description.
#if canImport(Glibc)
import Glibc
#endif
import Raster

/// A folder of image resources (SwiftUI: Foundation's `Bundle`).
///
/// ```swift
/// Image("logo", bundle: .module)
/// ```
public struct ImageBundle: Hashable, Sendable {
    /// The folders searched, in order.
    public let directories: [String]

    /// A bundle at `path` (a folder holding the images).
    public init(path: String) { directories = [path] }
    init(directories: [String]) { self.directories = directories }

    /// The executable's own folder.
    public static var main: ImageBundle { cachedMain }
    private static let cachedMain = ImageBundle(directories: executableDirectory.map { [$0] } ?? [])

    /// The current package's resources: every `*.resources` folder beside the executable
    /// (SwiftPM's `Bundle.module` on Linux), then the executable's folder.
    public static var module: ImageBundle { cachedModule }
    /// Listed once per process: a body that writes `Image("x", bundle: .module)` is evaluated
    /// every frame it changes.
    private static let cachedModule: ImageBundle = {
        guard let dir = executableDirectory else { return ImageBundle(directories: []) }
        var found: [String] = []
        if let d = opendir(dir) {
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".resources") { found.append(dir + "/" + name) }
            }
            closedir(d)
        }
        return ImageBundle(directories: found.sorted() + [dir])
    }()

    /// The folder of /proc/self/exe, or nil when it cannot be read.
    static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// A Foundation `Bundle` (or anything whose description names a path in angle brackets,
    /// as `Bundle`'s does: `NSBundle </path/to/x.resources> (loaded)`); without one, `.module`.
    init(describing bundle: AnyObject) {
        let text = String(describing: bundle)
        if let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">"), text[text.index(after: open)...].hasPrefix("/") {
            self.init(path: String(text[text.index(after: open)..<close]))
        } else {
            self = .module
        }
    }
}

extension ImageBundle {
    /// Every bundle an Image has named, numbered from 1 (0: none). A program names a handful.
    private static let table = InternTable<ImageBundle>()

    /// The number of `bundle` (0 for nil), adding it on first use. Past 65 535 different bundles
    /// the rest are searched as no bundle, with a warning.
    static func intern(_ bundle: ImageBundle?) -> UInt16 {
        guard let bundle else { return 0 }
        guard let id = table.number(bundle) else {
            Diagnostics.warn("more than 65 535 image bundles: \(bundle.directories) is searched as no bundle")
            return 0
        }
        return id
    }

    /// The bundle numbered `id` by `intern`.
    static func interned(_ id: UInt16) -> ImageBundle? { id == 0 ? nil : table.value(id) }
}
