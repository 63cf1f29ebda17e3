// Renders the raster gallery to PNGs — the main job until the kiosk engine lands.
import Raster
#if canImport(Glibc)
import Glibc
#endif

let out = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "out/gallery"
var made = ""
for part in out.split(separator: "/", omittingEmptySubsequences: false) {
    made += (made.isEmpty && out.hasPrefix("/") ? "/" : (made.isEmpty ? "" : "/")) + part
    if !made.isEmpty && made != "/" { mkdir(made, 0o755) }
}
var failed = false
for scene in Gallery.scenes {
    let path = "\(out)/\(scene.name).png"
    do {
        try Gallery.render(scene).writePNG(to: path)
        print("wrote \(path)")
    } catch {
        fputs("raster-gallery: could not write \(path): \(error)\n", stderr)
        failed = true
    }
}
exit(failed ? 1 : 0)
