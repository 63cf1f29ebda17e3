// swift-tools-version:6.0
// kiosk — a SwiftUI-style renderer for embedded Linux screens with no window system.
import PackageDescription
import CompilerPluginSupport

// VNC (`--vnc`) links Debian's libvncserver, which ships no static library: scripts/build-static
// builds with KIOSK_BUILD_VNC=0, which leaves the CVNC module out (VNCServer is then absent and
// `vnc =` is refused at start with a message saying so).
let withVNC = Context.environment["KIOSK_BUILD_VNC"] != "0"
// AsyncImage's http(s) loading links Debian's libcurl, whose libcurl.a needs libraries Debian
// ships no static archive of (nghttp2, librtmp, libssh2, libpsl, GSSAPI, LDAP, zstd): scripts/build-static
// builds with KIOSK_BUILD_CURL=0, which leaves the CCurl module out (AsyncImage then loads
// file URLs only; http(s) URLs fail with `AsyncImageError.unsupportedScheme`, saying why).
let withCurl = Context.environment["KIOSK_BUILD_CURL"] != "0"
// VideoPlayer decodes through Debian's GStreamer, which loads its plugins (demuxers, decoders,
// the board's hardware decoders) as shared objects at run time and ships no static archives:
// scripts/build-static builds with KIOSK_BUILD_VIDEO=0, which leaves the CGStreamer module out
// (VideoPlayer then compiles and shows a black rectangle saying video needs the dynamic build).
let withVideo = Context.environment["KIOSK_BUILD_VIDEO"] != "0"

// Hot pixel loops are written for the optimiser; debug builds of them are 20–50× slower,
// so tests that draw big surfaces still finish because `scripts/test` builds with -O for Raster.
let package = Package(
    name: "kiosk",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .executable(name: "kiosk-engine-bench", targets: ["KioskBench"]),
        .executable(name: "raster-gallery", targets: ["RasterGallery"]),
        .executable(name: "raster-bench", targets: ["RasterBench"]),
        .library(name: "Kiosk", targets: ["Kiosk", "Combine", "UIKit"]),
        // `import SwiftUI`: Kiosk plus all of Foundation, for code pasted from Apple platforms.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // `import AVKit`: VideoPlayer, AVPlayer, AVQueuePlayer, AVPlayerLooper, CMTime (KioskVideo) plus Kiosk.
        .library(name: "AVKit", targets: ["AVKit"]),
        // `import AVFoundation`: the same player API without the AVKit name (AVKit re-exports it).
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .executable(name: "kiosk", targets: ["KioskCLI"]),
        .executable(name: "kiosk-video-bench", targets: ["KioskVideoBench"]),
    ],
    targets: [
        // Thin C modules: one modulemap + shim header each, no logic.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // Keymaps for evdev keyboards (Platform/Keymap.swift); the layouts are xkb-data's files.
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // JPEG (shim.h wraps libjpeg's longjmp error exit in C) and WebP with its animation demuxer.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // libjpeg's compressor, for benchmark scenes that write their JPEG thumbnails at run time.
        .systemLibrary(name: "CJPEGWrite", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // Animated GIF (giflib; Debian ships no pkg-config file for it: the modulemap links -lgif).
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CVNC", pkgConfig: "libvncserver", providers: [.apt(["libvncserver-dev"])]),
        // AsyncImage's http(s) client (typed wrappers of the variadic curl_easy_setopt/getinfo).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // VideoPlayer's decoder: playbin → videoconvert → appsink (Sources/KioskVideo/GStreamerPipeline.swift).
        .systemLibrary(name: "CGStreamer", pkgConfig: "gstreamer-app-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        // zlib's inflate for PDF streams (FlateDecode); already linked by libpng and FreeType, and
        // libz.a is in zlib1g-dev for the static build.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // No library: one static inline prefetch for the raster's row loops.
        .systemLibrary(name: "CRasterCPU"),

        // The pixel engine: no I/O but PNG coding of memory buffers, no clock, no globals.
        .target(name: "Raster", dependencies: ["CPNG", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CRasterCPU", "CJPEG", "CWebP", "CGIF", "CZlib"]),

        // The declarative engine (Views/Graph/Layout/Render/Runtime) and the platform layer
        // (displays, input, console, frame loop).
        // ENGINE.md is the folder's documentation, not a resource (excluded: no SwiftPM warning).
        .target(name: "Kiosk", dependencies: ["Raster", "CDRM", "CXKBCommon", "KioskMacros", "KioskGeometry"] + (withVNC ? ["CVNC"] : []) + (withCurl ? ["CCurl"] : []), exclude: ["ENGINE.md"]),
        // CGFloat, CGPoint, CGSize, CGRect…: a module of their own so Kiosk can re-export them by
        // scoped imports, which win over Foundation's where a file imports both (CoreGraphicsTypes.swift).
        .target(name: "KioskGeometry"),
        // `#Preview`: a compiler plugin speaking the plugin protocol itself (no swift-syntax).
        // The allocation counters: scripts/build-static links every executable with
        // `--wrap=malloc` (CAllocationCount defines those wrappers) and scripts/bench,
        // bench-engine and bench-lvgl with `--defsym=malloc=kiosk_bench_malloc` (AllocationCounter
        // defines those): linker flags reach this host tool too, so it needs both.
        .macro(name: "KioskMacros", dependencies: ["CAllocationCount", "AllocationCounter"]),
        // `import Combine` for pasted SwiftUI model files (no Combine on Linux): re-exports Kiosk's publishers.
        .target(name: "Combine", dependencies: ["Kiosk"]),
        // `import UIKit` beside SwiftUI code (UIScreen, UIColor, haptics): re-exports Kiosk.
        .target(name: "UIKit", dependencies: ["Kiosk"]),
        // `import SwiftUI` for code written for SwiftUI: re-exports Kiosk and Foundation (formatters,
        // Measurement, String(localized:)), which brings ICU into a static binary; `import Kiosk` does not.
        .target(name: "SwiftUI", dependencies: ["Kiosk", "KioskGeometry"]),
        // AVKit/AVFoundation's player API over GStreamer; without CGStreamer (KIOSK_BUILD_VIDEO=0)
        // every item fails with `VideoError.unavailable` and VideoPlayer says so.
        .target(name: "KioskVideo", dependencies: ["Kiosk", "Raster", "CDRM"] + (withVideo ? ["CGStreamer"] : [])),
        // `import AVKit` for SwiftUI code that plays video: re-exports Kiosk and KioskVideo.
        .target(name: "AVFoundation", dependencies: ["Kiosk", "KioskVideo"]),
        .target(name: "AVKit", dependencies: ["AVFoundation"]),
        // A photo with a video in a corner, played in real time: frame time and CPU (README, VideoPlayer).
        .executableTarget(name: "KioskVideoBench", dependencies: ["Kiosk", "KioskVideo"]),
        // Scenes written with the public API only (`import Kiosk`): the seed programs, the LVGL
        // benchmark scenes. They register with DemoScenes (KioskScenes.registerAll()).
        .target(name: "KioskScenes", dependencies: ["Kiosk", "Raster", "KioskVideo", "CJPEGWrite"]),
        .executableTarget(name: "KioskBench", dependencies: ["Kiosk", "KioskScenes", "Raster", "AllocationCounter"]),
        .executableTarget(name: "KioskCLI", dependencies: ["Kiosk", "KioskScenes", "Raster", "CDRM", "CAllocationCount"] + (withVNC ? ["CVNC"] : [])),
        // Counts the calling thread's malloc calls for `kiosk bench` (a C target: the executable
        // defines malloc & co.; the static build wraps them instead — see alloc_count.c).
        .target(name: "CAllocationCount"),

        .executableTarget(name: "RasterGallery", dependencies: ["Raster"]),
        .executableTarget(name: "RasterBench", dependencies: ["Raster", "AllocationCounter"]),
        // Counts heap allocations in the benchmarks (malloc interposed at link time; see the file).
        .target(name: "AllocationCounter"),

        // Shared by the test targets: golden-image comparison, a deterministic RNG.
        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),

        // Goldens/ are read by path beside the test file (TestSupport/Golden.swift), not bundled.
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CFreeType", "CHarfBuzz", "CPNG", "TestSupport"], exclude: ["Goldens", "ImageFixtures"]),
        .testTarget(name: "CDRMTests", dependencies: ["CDRM"]),
        .testTarget(name: "KioskPlatformTests", dependencies: ["Kiosk", "KioskScenes", "Raster", "CDRM", "CXKBCommon", "TestSupport", "CAllocationCount"] + (withVNC ? ["CVNC"] : [])),
        // A program whose top-level code drives a HeadlessHost on the main thread (EngineFixTests runs it).
        .executableTarget(name: "KioskMainQueueProbe", dependencies: ["Kiosk"], path: "Tests/MainQueueProbe"),
        // VideoPlayer against videos GStreamer encodes at test time (gst-launch-1.0).
        .testTarget(name: "KioskVideoTests", dependencies: ["AVKit", "KioskVideo", "Kiosk", "Raster"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "KioskScenes", "Raster", "TestSupport", "CAllocationCount", "UIKit", "KioskMainQueueProbe", "SwiftUI"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v5]
)
