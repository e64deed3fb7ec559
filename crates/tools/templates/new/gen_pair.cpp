// Generator: two integers in [1, MAX] from a seed: gen --max MAX --seed SEED.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

int main(int argc, char** argv) {
    unsigned long long top = 1000000000ULL, seed = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--max")) top = std::strtoull(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
        else { std::fprintf(stderr, "unknown argument %s\n", argv[i]); return 1; }
    }
    std::mt19937_64 rng(seed);
    unsigned long long a = 1 + rng() % top, b = 1 + rng() % top;
    std::printf("%llu %llu\n", a, b);
}
