#!/usr/bin/perl
# Link walker for generated sites: starts at the given pages (index.html,
# index.md), follows every relative link and image (HTML href/src,
# Markdown [text](target)) to pages of the same kind, and checks that each
# target exists; a "#fragment" into an HTML page must name an id there.
# With --all PAGE..., every listed page must have been reached.
#
#   linkwalk.pl START... [--all PAGE...]
#
# Prints one line per problem ("dead: FROM -> TARGET", "unreachable: PAGE")
# and a summary; exits 1 when there is a problem. Links with a scheme
# (http:, mailto:) are counted as external and not followed.
# Core Perl only (perl-base suffices).
use strict;
use warnings;

my (@start, @all, $in_all);
for (@ARGV) {
    if ($_ eq '--all') { $in_all = 1; next }
    push @{ $in_all ? \@all : \@start }, $_;
}
die "usage: linkwalk.pl START... [--all PAGE...]\n" unless @start;

sub slurp {
    my ($f) = @_;
    open my $fh, '<:raw', $f or return undef;
    local $/;
    my $s = <$fh>;
    return $s;
}

# "a/./b/../c" -> "a/c"; leading ".." kept
sub normalize {
    my @out;
    for my $p (split m{/}, $_[0]) {
        next if $p eq '' || $p eq '.';
        if ($p eq '..' && @out && $out[-1] ne '..') { pop @out } else { push @out, $p }
    }
    return (substr($_[0], 0, 1) eq '/' ? '/' : '') . join('/', @out);
}

sub unescape_html {
    my ($s) = @_;
    $s =~ s/&quot;/"/g; $s =~ s/&#39;/'/g; $s =~ s/&lt;/</g; $s =~ s/&gt;/>/g;
    $s =~ s/&#(\d+);/chr($1)/ge;
    $s =~ s/&amp;/&/g;
    return $s;
}

sub links_of {
    my ($file, $text) = @_;
    if ($file =~ /\.html$/) {
        return map { unescape_html($_) } $text =~ /\s(?:href|src)="([^"]*)"/g;
    }
    return $text =~ /\]\(([^)\s]+)\)/g;
}

my (%seen, @queue, $problems, $links, $external);
$problems = $links = $external = 0;
for (@start) { my $n = normalize($_); push @queue, $n unless $seen{$n}++ }
while (defined(my $page = shift @queue)) {
    my $text = slurp($page);
    if (!defined $text) { print "dead: (start) -> $page\n"; $problems++; next }
    (my $dir = $page) =~ s{[^/]*$}{};
    for my $link (links_of($page, $text)) {
        $links++;
        if ($link =~ /^[A-Za-z][A-Za-z0-9+.-]*:/) { $external++; next }
        my ($path, $frag) = $link =~ /^([^#]*)(?:#(.*))?$/;
        $path =~ s/%([0-9A-Fa-f]{2})/chr(hex $1)/ge;
        my $target = $path eq '' ? $page : normalize("$dir$path");
        if (!-e $target) { print "dead: $page -> $link\n"; $problems++; next }
        if (defined $frag && $target =~ /\.html$/) {
            my $t = slurp($target) // '';
            if (index($t, " id=\"$frag\"") < 0) { print "dead: $page -> $link (no id \"$frag\")\n"; $problems++ }
        }
        # follow links to pages of the same kind as the one they are on
        my ($kind) = $page =~ /(\.[^.\/]+)$/;
        push @queue, $target if $target =~ /\Q$kind\E$/ && !$seen{$target}++;
    }
}
for (@all) {
    next if $seen{ normalize($_) };
    print "unreachable: $_\n";
    $problems++;
}
printf "%d pages, %d links (%d external), %d problems\n", scalar(keys %seen), $links, $external, $problems;
exit($problems ? 1 : 0);
