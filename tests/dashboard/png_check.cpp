// Checks that a PNG is a real rendering of the dashboard and not a blank or broken frame: the
// expected size, many distinct colours, and a good share of pixels unlike the background (the most
// common colour), spread over the image rather than in one corner.
//
//   png_check FILE WIDTH HEIGHT [--min-colours N] [--min-ink PERCENT] [--quadrants N]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>

#include <stb_image.h>

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: png_check FILE WIDTH HEIGHT [--min-colours N] [--min-ink PERCENT] [--quadrants N]\n");
        return 2;
    }
    const int want_w = std::atoi(argv[2]), want_h = std::atoi(argv[3]);
    int min_colours = 24;
    double min_ink = 1.0;
    int min_quadrants = 1;
    for (int i = 4; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--min-colours")) min_colours = std::atoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--min-ink")) min_ink = std::atof(argv[i + 1]);
        if (!std::strcmp(argv[i], "--quadrants")) min_quadrants = std::atoi(argv[i + 1]);
    }
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(argv[1], &w, &h, &n, 3);
    if (!data) {
        std::fprintf(stderr, "%s: not a readable PNG (%s)\n", argv[1], stbi_failure_reason());
        return 1;
    }
    if (w != want_w || h != want_h) {
        std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", argv[1], w, h, want_w, want_h);
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
    stbi_image_free(data);
    const double ink_percent = 100.0 * static_cast<double>(ink) / static_cast<double>(pixels);
    int inked_quadrants = 0;
    for (long q : quadrant) inked_quadrants += q > pixels / 400;
    std::printf("%s: %dx%d, %zu colours, %.1f%% ink, %d of 4 quadrants inked\n", argv[1], w, h, counts.size(), ink_percent,
                inked_quadrants);
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
    return 0;
}
