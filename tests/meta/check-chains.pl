#!/usr/bin/perl
# Finds `check "what" A && B` (and ||, |) in shell tests: `check` runs A
# only, so B is never checked (&&), silently replaces the verdict (||) or
# eats the output (|). One condition per check: split it, or give check one
# command (`test X -a Y`, a function). Prints FILE:LINE: the check; exits 1
# when it found one. Quoted text and comments are ignored, so a quoted
# `eval '... && ...'`, a description holding "&&" or a here-document is
# not a hit.
use strict;
use warnings;

my $bad = 0;
for my $file (@ARGV) {
    open my $fh, '<', $file or die "$file: $!\n";
    my ($logical, $first, $heredoc) = ('', 0, undef);
    while (my $line = <$fh>) {
        chomp $line;
        if (defined $heredoc) {   # a here-document's body is text, not code
            $heredoc = undef if $line =~ /^\t*\Q$heredoc\E$/;
            next;
        }
        $first = $. if $logical eq '';
        if ($line =~ s/\\$//) {   # a continued line joins the next one
            $logical .= $line . ' ';
            next;
        }
        $logical .= $line;
        my $code = strip($logical);
        $heredoc = $2 if $logical =~ /(?<!<)<<(?!<)-?\s*(['"]?)(\w+)\1/;
        # a `check` at the start of a command, then &&, || or | after it
        if ($code =~ /(?:^|[;&|({]|\bthen|\bdo|\belse)\s*check\s[^;]*?(&&|\|\||\|)/) {
            print "$file:$first: check followed by '$1' (only the first command is checked): ",
                  ($logical =~ s/^\s+//r), "\n";
            $bad = 1;
        }
        $logical = '';
    }
    close $fh;
}
exit $bad;

# The line with quoted strings emptied and a trailing comment dropped.
sub strip {
    my ($s) = @_;
    my $out = '';
    my $i = 0;
    while ($i < length $s) {
        my $c = substr($s, $i, 1);
        if (($c eq '$' || $c eq '<' || $c eq '>') && substr($s, $i + 1, 1) eq '(') {
            # a command or process substitution is one word of the check:
            # a pipe inside it is not a pipe after the check
            $out .= $c . '()';
            $i = subst_end($s, $i + 2);
        } elsif ($c eq "'") {
            my $end = index($s, "'", $i + 1);
            $end = length $s if $end < 0;
            $out .= "''";
            $i = $end + 1;
        } elsif ($c eq '"') {
            $out .= '""';
            $i = dquote_end($s, $i + 1);
        } elsif ($c eq '\\') {
            $out .= 'x';
            $i += 2;
        } elsif ($c eq '#' && ($i == 0 || substr($s, $i - 1, 1) =~ /\s/)) {
            last;
        } else {
            $out .= $c;
            $i++;
        }
    }
    return $out;
}

# The index after the ')' that closes a substitution whose text starts at
# $i, skipping quoted text and nested parentheses.
sub subst_end {
    my ($s, $i) = @_;
    my $depth = 1;
    while ($i < length $s) {
        my $c = substr($s, $i, 1);
        if ($c eq "'") {
            my $end = index($s, "'", $i + 1);
            return length $s if $end < 0;
            $i = $end + 1;
            next;
        }
        if ($c eq '"') {
            $i = dquote_end($s, $i + 1);
            next;
        }
        if ($c eq '\\') {
            $i += 2;
            next;
        }
        $depth++ if $c eq '(';
        $depth-- if $c eq ')';
        return $i + 1 if $depth == 0;
        $i++;
    }
    return $i;
}

# The index after the '"' that closes a double-quoted string whose text
# starts at $i; quotes nest inside a "$( )" in it.
sub dquote_end {
    my ($s, $i) = @_;
    while ($i < length $s && substr($s, $i, 1) ne '"') {
        if (substr($s, $i, 2) eq '$(') {
            $i = subst_end($s, $i + 2);
            next;
        }
        $i++ if substr($s, $i, 1) eq '\\';
        $i++;
    }
    return $i + 1;
}
