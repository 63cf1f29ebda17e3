// Every gallery scene against its golden image (fills, fill rules, gradients, images,
// clipping and opacity, transforms). Tolerance 1/255 per channel: floating-point rounding in
// flattening may move an edge pixel by one level between compilers, never more.
import Testing
import Raster
import TestSupport

@Suite struct GalleryGoldenTests {
    @Test(arguments: Gallery.scenes.map(\.name))
    func scene(_ name: String) {
        let scene = Gallery.scenes.first { $0.name == name }!
        expectGolden(Gallery.render(scene), "gallery-\(name)")
    }
}
