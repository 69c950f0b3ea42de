import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";

type TNewPassword = { newPassword: string; confirmPassword: string };

/** A new password and its repeat, as the change-password and set-password forms ask for them. */
export function NewPasswordFields<T extends FieldValues & TNewPassword>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field label="New password" error={errors.newPassword?.message as string | undefined}>
        {(props) => (
          <Input
            {...props}
            {...form.register("newPassword" as Path<T>)}
            type="password"
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message as string | undefined}>
        {(props) => (
          <Input
            {...props}
            {...form.register("confirmPassword" as Path<T>)}
            type="password"
            autoComplete="new-password"
          />
        )}
      </Field>
    </>
  );
}
