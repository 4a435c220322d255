import type { ChangeEvent } from "react";
import { Select } from "../../shared/ui/Field.tsx";

interface GenderSelectProps {
  name: string;
  value: string;
  error?: string | null;
  required?: boolean;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/** The learner's gender, Male or Female, as checkout and the profile ask it. */
export function GenderSelect(props: GenderSelectProps) {
  return (
    <Select label="Gender" {...props}>
      <option value="">Select gender</option>
      <option value="MALE">Male</option>
      <option value="FEMALE">Female</option>
    </Select>
  );
}
