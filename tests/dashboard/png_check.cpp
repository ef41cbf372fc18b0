// Checks that a PNG is a real rendering of the dashboard and not a blank or broken frame: the
// expected size, many distinct colours, and a good share of pixels unlike the background (the most
// common colour), spread over the image rather than in one corner. Then that the feature the
// screenshot is for was drawn: each --expect names a colour of the app's theme that only that
// feature paints, where it must be and how many pixels of it at least (a frame where the feature
// did not show has too few, and fails).
//
//   png_check FILE WIDTH HEIGHT [--min-colours N] [--min-ink PERCENT] [--quadrants N]
//             [--expect R,G,B [--region X,Y,W,H] [--min-pixels N] [--tolerance T] [--what TEXT]]...
//
// --region is in percent of the image (default all of it); --tolerance is per channel (default
// 8: text is anti-aliased, but the inside of a stroke is the colour itself); --min-pixels
// defaults to 50; --what says what the colour is, for the messages.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include <stb_image.h>

namespace {

struct Expectation {
    int rgb[3] = {0, 0, 0};
    double region[4] = {0, 0, 100, 100};  // x, y, w, h in percent
    long min_pixels = 50;
    int tolerance = 8;
    std::string what = "the expected colour";
};

bool ParseNumbers(const char* text, double* out, int n) {
    const char* p = text;
    for (int i = 0; i < n; ++i) {
        char* end = nullptr;
        out[i] = std::strtod(p, &end);
        if (end == p) return false;
        p = end;
        if (i + 1 < n) {
            if (*p != ',') return false;
            ++p;
        }
    }
    return *p == '\0';
}

const char* kUsage =
    "usage: png_check FILE WIDTH HEIGHT [--min-colours N] [--min-ink PERCENT] [--quadrants N]\n"
    "                 [--expect R,G,B [--region X,Y,W,H] [--min-pixels N] [--tolerance T] [--what TEXT]]...\n";

} // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    const int want_w = std::atoi(argv[2]), want_h = std::atoi(argv[3]);
    int min_colours = 24;
    double min_ink = 1.0;
    int min_quadrants = 1;
    std::vector<Expectation> expect;
    for (int i = 4; i < argc; i += 2) {
        const std::string opt = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "png_check: %s needs a value\n%s", opt.c_str(), kUsage);
            return 2;
        }
        const char* value = argv[i + 1];
        const bool about_expect = opt == "--region" || opt == "--min-pixels" || opt == "--tolerance" || opt == "--what";
        if (about_expect && expect.empty()) {
            std::fprintf(stderr, "png_check: %s comes after the --expect it is about\n", opt.c_str());
            return 2;
        }
        double v[4];
        if (opt == "--min-colours") {
            min_colours = std::atoi(value);
        } else if (opt == "--min-ink") {
            min_ink = std::atof(value);
        } else if (opt == "--quadrants") {
            min_quadrants = std::atoi(value);
        } else if (opt == "--expect" && ParseNumbers(value, v, 3)) {
            expect.emplace_back();
            for (int c = 0; c < 3; ++c) expect.back().rgb[c] = static_cast<int>(v[c]);
        } else if (opt == "--region" && ParseNumbers(value, v, 4)) {
            for (int c = 0; c < 4; ++c) expect.back().region[c] = v[c];
        } else if (opt == "--min-pixels") {
            expect.back().min_pixels = std::atol(value);
        } else if (opt == "--tolerance") {
            expect.back().tolerance = std::atoi(value);
        } else if (opt == "--what") {
            expect.back().what = value;
        } else {
            std::fprintf(stderr, "png_check: bad option %s %s\n%s", opt.c_str(), value, kUsage);
            return 2;
        }
    }
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(argv[1], &w, &h, &n, 3);
    if (!data) {
        std::fprintf(stderr, "%s: not a readable PNG (%s)\n", argv[1], stbi_failure_reason());
        return 1;
    }
    if (w != want_w || h != want_h) {
        std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", argv[1], w, h, want_w, want_h);
        stbi_image_free(data);
        return 1;
    }
    std::unordered_map<unsigned, long> counts;
    const long pixels = static_cast<long>(w) * h;
    for (long i = 0; i < pixels; ++i) {
        const unsigned char* p = data + i * 3;
        ++counts[(unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]];
    }
    unsigned background = 0;
    long most = 0;
    for (const auto& [colour, count] : counts)
        if (count > most) {
            most = count;
            background = colour;
        }
    // Ink per quadrant: a frame drawn only in one corner (a failed layout) does not pass.
    long ink = 0, quadrant[4] = {0, 0, 0, 0};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const unsigned char* p = data + (static_cast<long>(y) * w + x) * 3;
            const unsigned c = (unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2];
            if (c == background) continue;
            ++ink;
            ++quadrant[(y >= h / 2) * 2 + (x >= w / 2)];
        }
    // The features' colours, each in its region.
    std::vector<long> found(expect.size(), 0);
    for (size_t e = 0; e < expect.size(); ++e) {
        const Expectation& x = expect[e];
        const int x0 = static_cast<int>(x.region[0] * w / 100), y0 = static_cast<int>(x.region[1] * h / 100);
        const int x1 = std::min(w, static_cast<int>((x.region[0] + x.region[2]) * w / 100));
        const int y1 = std::min(h, static_cast<int>((x.region[1] + x.region[3]) * h / 100));
        for (int y = std::max(0, y0); y < y1; ++y)
            for (int xx = std::max(0, x0); xx < x1; ++xx) {
                const unsigned char* p = data + (static_cast<long>(y) * w + xx) * 3;
                found[e] += std::abs(p[0] - x.rgb[0]) <= x.tolerance && std::abs(p[1] - x.rgb[1]) <= x.tolerance &&
                            std::abs(p[2] - x.rgb[2]) <= x.tolerance;
            }
    }
    stbi_image_free(data);
    const double ink_percent = 100.0 * static_cast<double>(ink) / static_cast<double>(pixels);
    int inked_quadrants = 0;
    for (long q : quadrant) inked_quadrants += q > pixels / 400;
    std::printf("%s: %dx%d, %zu colours, %.1f%% ink, %d of 4 quadrants inked\n", argv[1], w, h, counts.size(), ink_percent,
                inked_quadrants);
    for (size_t e = 0; e < expect.size(); ++e) {
        const Expectation& x = expect[e];
        std::printf("  %s: %ld pixels of %d,%d,%d (+-%d) in %g,%g,%g,%g%% (at least %ld)\n", x.what.c_str(), found[e], x.rgb[0],
                    x.rgb[1], x.rgb[2], x.tolerance, x.region[0], x.region[1], x.region[2], x.region[3], x.min_pixels);
    }
    if (static_cast<int>(counts.size()) < min_colours) {
        std::fprintf(stderr, "%s: only %zu colours: blank or broken rendering\n", argv[1], counts.size());
        return 1;
    }
    if (ink_percent < min_ink) {
        std::fprintf(stderr, "%s: only %.1f%% of the pixels differ from the background\n", argv[1], ink_percent);
        return 1;
    }
    if (inked_quadrants < min_quadrants) {
        std::fprintf(stderr, "%s: drawn in %d quadrant(s) only\n", argv[1], inked_quadrants);
        return 1;
    }
    bool ok = true;
    for (size_t e = 0; e < expect.size(); ++e)
        if (found[e] < expect[e].min_pixels) {
            std::fprintf(stderr, "%s: %s is not drawn: %ld pixels of %d,%d,%d where at least %ld are expected\n", argv[1],
                         expect[e].what.c_str(), found[e], expect[e].rgb[0], expect[e].rgb[1], expect[e].rgb[2],
                         expect[e].min_pixels);
            ok = false;
        }
    return ok ? 0 : 1;
}
